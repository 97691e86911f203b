import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  IconButton,
  Image,
  Progress,
  Stack,
  Text,
} from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { Camera, Eye, FileText, Image as ImageIcon, Link2, Pin, Trash2, Upload } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { hasRole } from '../../../contract/roles';
import type { LiftFile } from '../../../contract/schemas/file';
import { useObjectUrl } from '../../data/files/file-bytes';
import {
  isKeepable,
  isLiftPinned,
  refreshKeptFiles,
  setFilePinned,
  setLiftPinned,
} from '../../data/files/file-cache';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { translateServerMessage } from '../../data/i18n/server-messages';
import type { MirrorDb, UploadEntry } from '../../data/mirror/mirror-db';
import { requestSync, useOnline, useOpenMirror, useUploadProgress } from '../../data/mirror/sync-status';
import { dropUpload, queueUpload, retryUpload } from '../../data/mirror/uploads';
import { sessionRole, useSession } from '../../data/session/session';
import { ConfirmDialog } from '../../ui/AppDialog';
import { Checkbox } from '../../ui/Checkbox';
import { reportSaveError } from '../../ui/form-errors';
import { formatBytes } from '../../ui/format-bytes';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { showToast } from '../../ui/toaster';
import { FilePreviewDialog } from './FilePreviewDialog';
import { deleteLiftFile, useLiftFiles } from './use-lift-files';

/** What the file inputs offer; the server checks the bytes again (docs/files.md#content-types). */
const ACCEPTED = 'application/pdf,image/jpeg,image/png,image/gif';

/** The file's kind as an icon with its name for screen readers and a hover title. */
function FileIcon({ file }: { file: Pick<LiftFile, 'type' | 'stored'> }) {
  const { t } = useLingui();
  const [kind, label, Icon] = !file.stored
    ? (['link', t`Link`, Link2] as const)
    : file.type.startsWith('image/')
      ? (['image', t`Image`, ImageIcon] as const)
      : file.type === 'application/pdf'
        ? (['pdf', t`PDF`, FileText] as const)
        : (['document', t`Document`, FileText] as const);
  return (
    <Box as="span" role="img" aria-label={label} title={label} data-kind={kind} display="inline-flex">
      <Icon aria-hidden size={20} />
    </Box>
  );
}

function PendingUpload({ upload, db }: { upload: UploadEntry; db: MirrorDb }) {
  const { t, i18n } = useLingui();
  const progress = useUploadProgress()[upload.uid];
  const online = useOnline();
  const preview = useObjectUrl(upload.type.startsWith('image/') ? upload.blob : null);
  const percent =
    progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : null;
  return (
    <HStack
      as="li"
      gap="3"
      padding="2"
      borderWidth="1px"
      borderRadius="l2"
      borderStyle="dashed"
      align="center"
    >
      {preview ? (
        <Image src={preview} alt={upload.name} boxSize="48px" objectFit="cover" borderRadius="l1" />
      ) : (
        <FileText aria-hidden size={20} />
      )}
      <Stack gap="1" flex="1" minWidth="0">
        <Text fontWeight="medium" truncate>
          {upload.name}
        </Text>
        {upload.status === 'failed' ? (
          <Text fontSize="sm" color="fg.error">
            {translateServerMessage(i18n, upload.error ?? '')}
          </Text>
        ) : percent !== null ? (
          <Progress.Root value={percent} size="xs" aria-label={t`Upload of ${upload.name}`}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : (
          <Badge alignSelf="start" colorPalette="orange" variant="subtle">
            {online ? t`Waiting to upload` : t`Uploads when online`}
          </Badge>
        )}
        <Text fontSize="xs" color="fg.muted">
          {formatBytes(upload.size, i18n.locale)}
        </Text>
      </Stack>
      {upload.status === 'failed' && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void retryUpload(db, upload.uid).then(() => requestSync('user'))}
        >
          <Trans>Retry</Trans>
        </Button>
      )}
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={t`Remove ${upload.name}`}
        onClick={() => void dropUpload(db, upload.uid)}
      >
        <Trash2 />
      </IconButton>
    </HStack>
  );
}

function KeepToggle({ db, file }: { db: MirrorDb; file: LiftFile }) {
  const { t, i18n } = useLingui();
  const kept = useLiveQuery(() => db.kept.get(file.id), [db, file.id]);
  const [busy, setBusy] = useState(false);
  const pinned = kept?.pinned === true;
  async function toggle() {
    setBusy(true);
    try {
      await setFilePinned(db, file, !pinned);
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setBusy(false);
    }
  }
  return (
    <IconButton
      size="sm"
      variant={pinned ? 'subtle' : 'ghost'}
      loading={busy}
      aria-pressed={pinned}
      aria-label={pinned ? t`Kept offline: ${file.name}` : t`Keep offline: ${file.name}`}
      title={pinned ? t`Kept offline` : t`Keep offline`}
      onClick={() => void toggle()}
    >
      <Pin fill={pinned ? 'currentColor' : 'none'} />
    </IconButton>
  );
}

/** The Files tab of a lift: documents and photos, uploads from this device, "keep offline". */
export function LiftFilesTab({ liftId }: { liftId: string }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const role = sessionRole(session);
  const userId = session.claims?.sub;
  const online = useOnline();
  const db = useOpenMirror();
  const { files, failed, uploads, reload } = useLiftFiles(liftId);
  const [previewing, setPreviewing] = useState<LiftFile | null>(null);
  const [deleting, setDeleting] = useState<LiftFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const pickInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const liftPinned = useLiveQuery(async () => (db ? isLiftPinned(db, liftId) : false), [db, liftId]);
  const kept = useLiveQuery(
    async () => (db ? new Set(await db.kept.where('liftId').equals(liftId).primaryKeys()) : null),
    [db, liftId],
  );

  // docs/access.md#lift-files: customers read; the others add; staff, customer admins and the adder delete.
  const mayAdd = role !== null && role !== 'customer';
  const mayDelete = (file: LiftFile) => hasRole(role, 'customer_admin') || file.addedBy === userId;

  async function add(list: FileList | File[] | null) {
    if (!db || !list) return;
    const chosen = [...list];
    if (chosen.length === 0) return;
    for (const file of chosen) await queueUpload(db, { liftId, blob: file, name: file.name || 'photo.jpg' });
    requestSync('user');
    showToast(
      'info',
      online
        ? t`${plural(chosen.length, { one: 'Uploading # file…', other: 'Uploading # files…' })}`
        : t`Saved on this device; it is sent when the server can be reached.`,
    );
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (mayAdd) void add(event.dataTransfer.files);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteLiftFile(deleting.id);
      await db?.files.delete(deleting.id);
      showToast('success', t`Deleted successfully`);
      setDeleting(null);
      reload();
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setBusy(false);
    }
  }

  async function toggleLiftPinned() {
    if (!db) return;
    await setLiftPinned(db, liftId, !liftPinned);
    if (!liftPinned) void refreshKeptFiles(db, role ?? undefined);
  }

  const dateFormat = dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Stack
      as="section"
      gap="3"
      aria-labelledby="lift-files-heading"
      onDragOver={(event) => {
        if (!mayAdd) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg" id="lift-files-heading">
          <Trans>Files</Trans>
        </Heading>
        {mayAdd && db && (
          <HStack gap="2" wrap="wrap">
            <Button size="sm" onClick={() => pickInput.current?.click()}>
              <Upload aria-hidden />
              <Trans>Upload files</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => cameraInput.current?.click()}>
              <Camera aria-hidden />
              <Trans>Take photo</Trans>
            </Button>
            <input
              ref={pickInput}
              type="file"
              accept={ACCEPTED}
              multiple
              hidden
              aria-label={t`Upload files`}
              data-testid="lift-file-input"
              onChange={(event) => {
                void add(event.target.files);
                event.target.value = '';
              }}
            />
            <input
              ref={cameraInput}
              type="file"
              accept="image/jpeg,image/png"
              capture="environment"
              hidden
              aria-label={t`Take photo`}
              data-testid="lift-photo-input"
              onChange={(event) => {
                void add(event.target.files);
                event.target.value = '';
              }}
            />
          </HStack>
        )}
      </HStack>

      {db && (
        <HStack as="label" gap="2" alignSelf="start" cursor="pointer">
          <Checkbox checked={liftPinned === true} onChange={() => void toggleLiftPinned()} />
          <Text as="span">
            <Trans>Keep all files of this lift offline</Trans>
          </Text>
        </HStack>
      )}

      {mayAdd && db && (
        <Box
          borderWidth="2px"
          borderStyle="dashed"
          borderRadius="l2"
          padding="4"
          textAlign="center"
          color="fg.muted"
          borderColor={dragging ? 'colorPalette.solid' : 'border'}
          bg={dragging ? 'bg.muted' : undefined}
          hideBelow="md"
        >
          <Trans>Drag PDF or image files here to add them (PDF, JPEG, PNG or GIF).</Trans>
        </Box>
      )}

      {uploads.length > 0 && db && (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t`Uploads from this device`}>
          {uploads.map((upload) => (
            <PendingUpload key={upload.uid} upload={upload} db={db} />
          ))}
        </Stack>
      )}

      {failed ? (
        <LoadFailure error={failed} />
      ) : files === null ? (
        <Loading />
      ) : files.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No files yet.</Trans>
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" data-testid="lift-files">
          {files.map((file) => (
            <HStack
              as="li"
              key={file.id}
              gap="3"
              padding="2"
              borderWidth="1px"
              borderRadius="l2"
              align="center"
            >
              <FileIcon file={file} />
              <Stack gap="0" flex="1" minWidth="0">
                {file.stored ? (
                  <Button
                    variant="plain"
                    padding="0"
                    height="auto"
                    justifyContent="start"
                    fontWeight="medium"
                    onClick={() => setPreviewing(file)}
                  >
                    <Text as="span" truncate>
                      {file.name}
                    </Text>
                  </Button>
                ) : (
                  <a href={file.url} target="_blank" rel="noreferrer noopener">
                    <Text as="span" fontWeight="medium" textDecoration="underline" truncate>
                      {file.name}
                    </Text>
                  </a>
                )}
                <Text fontSize="sm" color="fg.muted">
                  {[
                    file.size > 0 ? formatBytes(file.size, i18n.locale) : null,
                    dateFormat.format(new Date(file.createdAt)),
                    file.addedByName,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {kept?.has(file.id) && (
                  <Badge alignSelf="start" size="sm" variant="subtle" colorPalette="green">
                    <Trans>On this device</Trans>
                  </Badge>
                )}
              </Stack>
              {file.stored && (
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t`Open ${file.name}`}
                  title={t`Open`}
                  onClick={() => setPreviewing(file)}
                >
                  <Eye />
                </IconButton>
              )}
              {db && isKeepable(file) && <KeepToggle db={db} file={file} />}
              {mayDelete(file) && (
                <IconButton
                  size="sm"
                  variant="ghost"
                  disabled={!online}
                  aria-label={t`Delete ${file.name}`}
                  title={online ? t`Delete` : t`Needs a connection`}
                  onClick={() => setDeleting(file)}
                >
                  <Trash2 />
                </IconButton>
              )}
            </HStack>
          ))}
        </Stack>
      )}

      {previewing && <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete file`}
        message={t`Delete ${deleting?.name ?? ''}? It is removed for everyone who sees this lift.`}
        confirmLabel={t`Delete`}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
