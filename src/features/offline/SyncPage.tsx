import { Badge, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { RefreshCw } from 'lucide-react';
import { useRef } from 'react';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { type MirrorDb, mirroredStore, OUTBOX_TABLES, type OutboxEntry } from '../../data/mirror/mirror-db';
import { dropChange, keepMine, makeWaitingDue, retryChange } from '../../data/mirror/outbox';
import { requestSync, useOnline, useOpenMirror, useSyncStatus } from '../../data/mirror/sync-status';
import { PageTitle } from '../../ui/PageTitle';
import { PhotoStrip } from '../../ui/Photos';
import { type ChangeContext, DESCRIBERS, fieldLines } from './change-describers';
import { KeptFilesSection } from './KeptFilesSection';

/** Fields of a request that say how, not what: never compared in a conflict. */
const HOW_FIELDS = new Set(['baseVersion', 'year', 'ids', 'isNotes']);

/** What the mirror holds about the change's row, its lift and its code (offline too). */
function useChangeContext(db: MirrorDb, entry: OutboxEntry): ChangeContext | undefined {
  const { entity, entityId } = entry;
  // Read afresh from IndexedDB with every list, so a new object each time: not a key of the query.
  const previous = useRef(entry.previous);
  previous.current = entry.previous;
  // Keyed by the record, not the entry object: the outbox list is read again on every change of it,
  // and a new key would start this query over each time (and the card would wait for it).
  return useLiveQuery(async () => {
    const stored = await mirroredStore(db, OUTBOX_TABLES[entity]).get(entityId);
    const row = (stored ?? previous.current ?? null) as Record<string, unknown> | null;
    const liftId = entity === 'lift' ? entityId : (row?.liftId as string | undefined);
    const code = typeof row?.code === 'number' ? row.code : null;
    const [lift, description, base] = await Promise.all([
      liftId ? db.lifts.get(liftId) : undefined,
      code === null ? undefined : db.descriptions.where('number').equals(code).first(),
      entity === 'lift' ? db.base.toArray() : [],
    ]);
    return { row, lift: lift ?? null, description: description ?? null, base };
  }, [db, entity, entityId]);
}

function Lines({ lines }: { lines: string[] }) {
  return lines.map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one change, fixed in order
    <Text key={index}>{line}</Text>
  ));
}

function ChangeCard({ db, entry }: { db: MirrorDb; entry: OutboxEntry }) {
  const { t, i18n } = useLingui();
  const context = useChangeContext(db, entry);
  if (!context) return null;
  const described = DESCRIBERS[entry.entity](entry, context, i18n.locale);
  const when = dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(entry.createdAt),
  );
  const compared = Object.keys(entry.body).filter((key) => !HOW_FIELDS.has(key));
  const theirs = entry.current as Record<string, unknown> | undefined;
  const statusBadge = {
    pending: <Badge colorPalette="blue">{t`Waiting`}</Badge>,
    failed: <Badge colorPalette="red">{t`Rejected`}</Badge>,
    conflict: <Badge colorPalette="orange">{t`Conflict`}</Badge>,
  }[entry.status];

  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderRadius="l2"
      padding="3"
      borderColor={entry.status === 'pending' ? undefined : 'border.error'}
      data-testid={`change-${entry.status}`}
    >
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Text fontWeight="semibold" data-testid="change-title">
            {described.title}
          </Text>
          {statusBadge}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          <Trans>Made on this device: {when}</Trans>
        </Text>
        {entry.error && (
          <Text color="fg.error" fontSize="sm">
            {translateServerMessage(i18n, entry.error)}
          </Text>
        )}
        {entry.status === 'pending' && entry.attempts > 0 && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>
              Tried {entry.attempts} times; next try at{' '}
              {dateTimeFormat(i18n.locale, { timeStyle: 'medium' }).format(new Date(entry.nextAttemptAt))}
            </Trans>
          </Text>
        )}
        {entry.status === 'conflict' && theirs ? (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" fontSize="sm">
            <Box borderWidth="1px" borderRadius="l2" padding="2" data-testid="conflict-mine">
              <Text fontWeight="semibold">
                <Trans>Mine</Trans>
              </Text>
              <Lines lines={fieldLines(entry.entity, entry.body, compared, context, i18n.locale)} />
            </Box>
            <Box borderWidth="1px" borderRadius="l2" padding="2" data-testid="conflict-theirs">
              <Text fontWeight="semibold">
                <Trans>On the server</Trans>
              </Text>
              <Lines lines={fieldLines(entry.entity, theirs, compared, context, i18n.locale)} />
            </Box>
          </SimpleGrid>
        ) : (
          described.details.length > 0 && (
            <Box fontSize="sm" data-testid="change-details">
              <Lines lines={described.details} />
            </Box>
          )
        )}
        {described.photos.length > 0 && <PhotoStrip urls={described.photos} size="24" />}
        <HStack gap="2" wrap="wrap">
          {entry.status === 'conflict' && (
            <>
              <Button size="sm" onClick={() => void keepMine(db, entry.id).then(() => requestSync('user'))}>
                <Trans>Keep mine</Trans>
              </Button>
              <Button size="sm" variant="outline" onClick={() => void dropChange(db, entry.id)}>
                <Trans>Take theirs</Trans>
              </Button>
            </>
          )}
          {entry.status === 'failed' && (
            <Button size="sm" onClick={() => void retryChange(db, entry.id).then(() => requestSync('user'))}>
              <Trans>Retry</Trans>
            </Button>
          )}
          {entry.status !== 'conflict' && (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => void dropChange(db, entry.id)}
            >
              <Trans>Drop change</Trans>
            </Button>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}

/** `/apps/sync`: the changes made on this device that the server has not taken yet. */
export function SyncPage() {
  const { t, i18n } = useLingui();
  const db = useOpenMirror();
  const status = useSyncStatus();
  const online = useOnline();
  const entries = useLiveQuery(async () => db?.outbox.orderBy('seq').toArray(), [db]);
  const lastSync = status.lastSyncAt
    ? dateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'medium' }).format(
        new Date(status.lastSyncAt),
      )
    : t`never`;
  const groups: Array<[OutboxEntry['status'], string]> = [
    ['conflict', t`Conflicts`],
    ['failed', t`Rejected changes`],
    ['pending', t`Waiting to be sent`],
  ];

  return (
    <Stack gap="4">
      <PageTitle title={t`Offline changes`} />
      <HStack wrap="wrap" gap="3" justify="space-between">
        <Stack gap="1">
          <Text data-testid="sync-online">{online ? t`Online` : t`Offline`}</Text>
          <Text fontSize="sm" color="fg.muted">
            <Trans>Last complete sync: {lastSync}</Trans>
          </Text>
        </Stack>
        <Button
          variant="outline"
          disabled={!online || !db}
          loading={status.syncing}
          onClick={() => {
            if (db) void makeWaitingDue(db).then(() => requestSync('user'));
          }}
        >
          <RefreshCw aria-hidden="true" />
          <Trans>Sync now</Trans>
        </Button>
      </HStack>
      {status.persistRefused && (
        <Box
          role="note"
          borderWidth="1px"
          bg="bg.subtle"
          borderRadius="l2"
          padding="3"
          data-testid="persist-explained"
        >
          <Stack gap="1">
            <Text fontWeight="semibold">
              <Trans>This browser may delete the offline data</Trans>
            </Text>
            <Text fontSize="sm">
              <Trans>
                It did not grant this site persistent storage, so when the device runs low on space it may
                remove the lifts, codes and changes kept for offline work. To keep them: install the app (Add
                to home screen), allow storage for this site in the browser settings, and open the app
                regularly. Changes waiting here are safe once they are sent.
              </Trans>
            </Text>
          </Stack>
        </Box>
      )}
      {entries && entries.length === 0 && (
        <Text color="fg.muted">
          <Trans>All changes made on this device have reached the server.</Trans>
        </Text>
      )}
      {groups.map(([group, title]) => {
        const list = (entries ?? []).filter((entry) => entry.status === group);
        if (!db || list.length === 0) return null;
        return (
          <Stack as="section" key={group} gap="2" aria-label={title}>
            <Text as="h2" fontSize="lg" fontWeight="semibold">
              {title} ({list.length})
            </Text>
            <Stack as="ul" gap="2" margin="0" padding="0">
              {list.map((entry) => (
                <ChangeCard key={entry.id} db={db} entry={entry} />
              ))}
            </Stack>
          </Stack>
        );
      })}
      {db && <KeptFilesSection db={db} />}
    </Stack>
  );
}
