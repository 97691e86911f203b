import { Badge, Box, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { CloudAlert, CloudCheck, CloudOff } from 'lucide-react';
import { useEffect } from 'react';
import { requestSync, useOnline, useSyncStatus } from '../../data/mirror/sync-status';
import { useSocketConnected } from '../../data/socket';
import { storage } from '../../data/store';
import { useShownFromCache } from '../../data/use-api';
import { showToast } from '../../ui/toaster';

const PERSIST_TOLD_KEY = 'lift-portal.persist-refused-told';

/** Toolbar: online or offline, changes waiting (badge), last good sync; a link to /apps/sync. */
export function SyncStatusButton() {
  const { t, i18n } = useLingui();
  const status = useSyncStatus();
  const online = useOnline();
  const connected = useSocketConnected();
  const waiting = status.pending + status.failed + status.conflicts;
  const trouble = status.failed + status.conflicts > 0;

  // A socket that connects again means the server is back: send and fetch what waits.
  useEffect(() => {
    if (connected) requestSync('reconnect');
  }, [connected]);

  useEffect(() => {
    if (!status.persistRefused || storage.read(PERSIST_TOLD_KEY)) return;
    storage.write(PERSIST_TOLD_KEY, '1');
    showToast('warning', t`The browser may delete the offline data: it refused persistent storage.`);
  }, [status.persistRefused, t]);

  const lastSync = status.lastSyncAt
    ? new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(new Date(status.lastSyncAt))
    : '—';
  const label = [
    online ? t`Online` : t`Offline`,
    t`${waiting} changes waiting`,
    ...(trouble ? [t`Conflicts or rejected changes`] : []),
    t`Last sync: ${lastSync}`,
  ].join(' · ');
  const Icon = !online ? CloudOff : trouble ? CloudAlert : CloudCheck;

  return (
    <IconButton
      asChild
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      colorPalette={trouble ? 'red' : undefined}
      position="relative"
    >
      <RouterLink
        to="/apps/sync"
        data-testid="sync-status"
        data-online={online}
        data-waiting={waiting}
        data-last-sync={status.lastSyncAt ?? ''}
      >
        <Icon aria-hidden="true" />
        {waiting > 0 && (
          <Box position="absolute" top="-1" insetEnd="-1">
            <Badge size="xs" variant="solid" colorPalette={trouble ? 'red' : 'blue'} borderRadius="full">
              {waiting}
            </Badge>
          </Box>
        )}
      </RouterLink>
    </IconButton>
  );
}

/** Above the page while some of what it shows is the service worker's last cached answer. */
export function ShownFromCacheNotice() {
  const { t } = useLingui();
  if (!useShownFromCache()) return null;
  return (
    <Text
      role="status"
      data-testid="shown-from-cache"
      bg="bg.warning"
      borderRadius="l2"
      paddingX="3"
      paddingY="2"
      marginBottom="3"
      fontSize="sm"
    >
      {t`Shown from cache: the server cannot be reached, this may be out of date.`}
    </Text>
  );
}
