import { Badge, Box, Button, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { CloudAlert, CloudCheck, CloudOff } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useShownFromCache } from '../../data/api/use-api';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { requestSync, useOnline, useSyncStatus } from '../../data/mirror/sync-status';
import { useSession } from '../../data/session/session';
import { useSocketConnected } from '../../data/session/socket';
import { storage } from '../../data/store';
import { showToast } from '../../ui/toaster';

/** Per user and device: the storage notice was shown; it does not come back (the name predates that). */
const persistNoticeKey = (userId: string) => `lift-portal.persist-notice-closed.${userId}`;

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

  // Changes that waited (offline) reached the server: say so once per run that sent them.
  const toldDelivery = useRef(status.delivered?.at ?? 0);
  useEffect(() => {
    const delivered = status.delivered;
    if (!delivered || delivered.at <= toldDelivery.current) return;
    toldDelivery.current = delivered.at;
    const count = delivered.count;
    showToast(
      'success',
      plural(count, { one: 'Your # change was delivered', other: 'Your # changes were delivered' }),
    );
  }, [status.delivered]);

  const lastSync = status.lastSyncAt
    ? dateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(new Date(status.lastSyncAt))
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
        data-persist-refused={status.persistRefused}
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

/**
 * Above the page while the device has no network: the shell says so in words, with the changes
 * that wait to be sent (the toolbar's icon alone is easy to miss on a phone).
 */
export function OfflineNotice() {
  const { t } = useLingui();
  const online = useOnline();
  const status = useSyncStatus();
  if (online) return null;
  const waiting = status.pending + status.failed + status.conflicts;
  return (
    <Text
      role="status"
      data-testid="offline-notice"
      bg="bg.emphasized"
      borderRadius="l2"
      paddingX="3"
      paddingY="2"
      marginBottom="3"
      fontSize="sm"
    >
      <Text as="strong" fontWeight="semibold">
        {waiting > 0
          ? plural(waiting, {
              one: 'Offline — # change waiting',
              other: 'Offline — # changes waiting',
            })
          : t`Offline`}
      </Text>{' '}
      {t`What you change is kept on this device and sent when the network is back.`}
    </Text>
  );
}

/**
 * For the role that works offline (service men, docs/sync.md#persistent-storage-and-sign-out): once
 * per user and device, when the browser refused persistent storage. Everyone finds the full
 * explanation on the offline page.
 *
 * It stands in the page's flow above the page, never over it, so it covers no button. The browser
 * answers after the page is drawn, and a notice turning up above a drawn page would push it down
 * under a tap: so it waits for the next page the user opens, drawn with it, and stays on that page
 * until closed or left. Shown once, it is not shown again on this device (remembered at once, so a
 * reload does not bring it back).
 */
export function PersistNotice() {
  const status = useSyncStatus();
  const { claims } = useSession();
  const userId = claims?.sub ?? '';
  // Read once: the notice remembers itself as shown while it stands.
  const [shownBefore] = useState(() => storage.read(persistNoticeKey(userId)) !== null);
  const [closed, setClosed] = useState(false);
  // The page drawn when the refusal became known, and the page the notice then came with.
  const [knownOn, setKnownOn] = useState<string | null>(null);
  const [shownOn, setShownOn] = useState<string | null>(null);
  const path = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).pathname });
  const wanted = status.persistRefused && claims?.role === 'service_man' && !shownBefore && !closed;
  if (wanted && knownOn === null) setKnownOn(path);
  // The offline page explains it in full itself.
  const show =
    wanted &&
    knownOn !== null &&
    path !== knownOn &&
    path !== '/apps/sync' &&
    (shownOn === null || shownOn === path);
  useLayoutEffect(() => {
    if (!show || shownOn !== null) return;
    setShownOn(path);
    storage.write(persistNoticeKey(userId), '1');
  }, [show, shownOn, path, userId]);
  if (!show) return null;
  return (
    <Stack
      role="status"
      data-testid="persist-notice"
      gap="2"
      bg="bg.warning"
      borderWidth="1px"
      borderColor="border.warning"
      borderRadius="l2"
      paddingX="3"
      paddingY="2"
      marginBottom="3"
      fontSize="sm"
    >
      <Text>
        <Trans>
          This browser may delete the offline data when space runs low. Install the app or allow storage for
          this site to keep it, and send your changes soon.
        </Trans>
      </Text>
      <HStack gap="3" wrap="wrap" justify="space-between">
        <Link asChild colorPalette="blue" color="colorPalette.fg">
          <RouterLink to="/apps/sync">
            <Trans>What to do</Trans>
          </RouterLink>
        </Link>
        <Button size="xs" variant="outline" onClick={() => setClosed(true)}>
          <Trans>Got it</Trans>
        </Button>
      </HStack>
    </Stack>
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
