import { Badge, Button, HStack, NativeSelect, Progress, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { FILE_BUDGET_CHOICES, keptUsage, setFileBudget } from '../../data/files/file-cache';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { translateServerMessage } from '../../data/i18n/server-messages';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { requestSync, useUploadProgress } from '../../data/mirror/sync-status';
import { dropUpload, retryUpload, uploadRef } from '../../data/mirror/uploads';
import { formatBytes } from '../../ui/format-bytes';
import { PhotoThumbnail } from '../../ui/Photos';

/**
 * The offline page's account of files: uploads still on this device, and the lift files kept for
 * offline use within the budget (src/data/files/file-cache.ts).
 */
export function KeptFilesSection({ db }: { db: MirrorDb }) {
  const { t, i18n } = useLingui();
  const progress = useUploadProgress();
  const usage = useLiveQuery(() => keptUsage(db), [db]);
  const uploads = useLiveQuery(async () => {
    const waiting = (await db.uploads.orderBy('seq').toArray()).filter((upload) => upload.status !== 'done');
    return Promise.all(
      waiting.map(async (upload) => ({ ...upload, lift: await db.lifts.get(upload.liftId) })),
    );
  }, [db]);
  const kept = useLiveQuery(async () => {
    const rows = await db.kept.orderBy('lastUsedAt').reverse().toArray();
    const pinnedLifts = new Set((await db.pins.toArray()).map((pin) => pin.key.replace(/^lift:/, '')));
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        pinned: row.pinned || pinnedLifts.has(row.liftId),
        name: (await db.files.get(row.fileId))?.name ?? '—',
        lift: (await db.lifts.get(row.liftId))?.uid ?? '—',
      })),
    );
  }, [db]);
  const size = (bytes: number) => formatBytes(bytes, i18n.locale);
  const when = (iso: string) =>
    dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <>
      {uploads && uploads.length > 0 && (
        <Stack as="section" gap="2" aria-labelledby="uploads-heading">
          <Text as="h2" id="uploads-heading" fontSize="lg" fontWeight="semibold">
            <Trans>Files waiting to be uploaded ({uploads.length})</Trans>
          </Text>
          <Stack as="ul" gap="2" margin="0" padding="0" listStyleType="none">
            {uploads.map((upload) => {
              const sent = progress[upload.uid];
              return (
                <HStack
                  as="li"
                  key={upload.uid}
                  gap="3"
                  borderWidth="1px"
                  borderRadius="l2"
                  padding="3"
                  wrap="wrap"
                >
                  {upload.type.startsWith('image/') && (
                    <PhotoThumbnail url={uploadRef(upload.uid)} label={upload.name} size="24" />
                  )}
                  <Stack gap="1" flex="1" minWidth="40">
                    <Text fontWeight="medium" truncate>
                      {upload.name}
                    </Text>
                    <Text fontSize="sm">
                      {upload.lift
                        ? t`For lift ${upload.lift.uid} (${upload.lift.address}), ${when(upload.createdAt)}`
                        : t`For a lift no longer on this device, ${when(upload.createdAt)}`}
                    </Text>
                    <Text fontSize="sm" color={upload.status === 'failed' ? 'fg.error' : 'fg.muted'}>
                      {upload.status === 'failed'
                        ? translateServerMessage(i18n, upload.error ?? '')
                        : sent
                          ? t`${size(sent.loaded)} of ${size(sent.total)} sent`
                          : size(upload.size)}
                    </Text>
                  </Stack>
                  {upload.status === 'failed' && (
                    <Button
                      size="sm"
                      onClick={() => void retryUpload(db, upload.uid).then(() => requestSync('user'))}
                    >
                      <Trans>Retry</Trans>
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => void dropUpload(db, upload.uid)}
                  >
                    <Trans>Drop upload</Trans>
                  </Button>
                </HStack>
              );
            })}
          </Stack>
        </Stack>
      )}

      {usage && (
        <Stack as="section" gap="2" aria-labelledby="kept-heading">
          <Text as="h2" id="kept-heading" fontSize="lg" fontWeight="semibold">
            <Trans>Files kept on this device</Trans>
          </Text>
          <HStack gap="2" wrap="wrap">
            <Text asChild fontSize="sm">
              <label htmlFor="kept-budget">
                <Trans>Space for kept files</Trans>
              </label>
            </Text>
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                id="kept-budget"
                value={String(usage.budgetBytes)}
                onChange={(event) => void setFileBudget(db, Number(event.target.value))}
              >
                {FILE_BUDGET_CHOICES.map((bytes) => (
                  <option key={bytes} value={bytes}>
                    {size(bytes)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
          <Progress.Root
            value={Math.min(100, Math.round((usage.usedBytes / usage.budgetBytes) * 100))}
            size="sm"
            aria-label={t`Space used by kept files`}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" data-testid="kept-usage">
            <Trans>
              {size(usage.usedBytes)} of {size(usage.budgetBytes)} used by {usage.files} files;{' '}
              {usage.pinnedFiles} of them marked "Keep offline".
            </Trans>
          </Text>
          {usage.usedBytes > usage.budgetBytes ? (
            <Text fontSize="sm" color="fg.warning" data-testid="kept-over-budget">
              <Trans>
                Files marked "Keep offline" take more than the space chosen. They stay; other files are kept
                again once there is room.
              </Trans>
            </Text>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              <Trans>
                When the space is full, the files used longest ago go first; files marked "Keep offline" stay.
              </Trans>
            </Text>
          )}
          {kept && kept.length > 0 && (
            <Stack as="ul" gap="1" margin="0" padding="0" listStyleType="none" data-testid="kept-files">
              {kept.map((row) => (
                <HStack as="li" key={row.fileId} gap="2" wrap="wrap" fontSize="sm">
                  <Text fontWeight="medium" truncate maxWidth="full">
                    {row.name}
                  </Text>
                  <Text color="fg.muted">
                    {row.lift} · {size(row.size)}
                  </Text>
                  {row.pinned && (
                    <Badge size="sm" colorPalette="green" variant="subtle">
                      <Trans>Keep offline</Trans>
                    </Badge>
                  )}
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </>
  );
}
