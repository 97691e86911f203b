import { Button, HStack, IconButton, Image, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Camera, X } from 'lucide-react';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { type Message, MessageNotesSchema } from '../../../contract/schemas/message';
import { useDirtyForm } from '../../data/dirty-forms';
import { requestSync, useMirrorState } from '../../data/mirror/sync-status';
import { queueUpload, UPLOAD_REF_PREFIX, uploadRef } from '../../data/mirror/uploads';
import { useMirror } from '../../data/mirror/use-mirror';
import { translateServerMessage } from '../../data/server-messages';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';
import { saveNotes } from './lift-changes';
import { fileIdOfUrl, useFileBytes, useObjectUrl } from './use-lift-files';

/** A note's photo: a stored lift file, or one still waiting on this device to be uploaded. */
const isPhoto = (url: string) => url.startsWith(UPLOAD_REF_PREFIX) || fileIdOfUrl(url) !== null;

/** One photo of a note, from the device when it is there (offline too). */
function NotePhoto({ url, label, onRemove }: { url: string; label: string; onRemove?: () => void }) {
  const { t } = useLingui();
  const bytes = useFileBytes(url);
  const src = useObjectUrl(bytes.status === 'ready' ? bytes.blob : null);
  return (
    <Stack gap="1" align="center" position="relative">
      {src ? (
        <Image src={src} alt={label} boxSize="24" objectFit="cover" borderRadius="l2" />
      ) : (
        <Text boxSize="24" fontSize="xs" color="fg.muted" borderWidth="1px" borderRadius="l2" padding="2">
          {bytes.status === 'loading' ? t`Loading…` : t`Not on this device`}
        </Text>
      )}
      {url.startsWith(UPLOAD_REF_PREFIX) && (
        <Text fontSize="xs" color="orange.fg">
          <Trans>Not uploaded yet</Trans>
        </Text>
      )}
      {onRemove && (
        <IconButton
          size="2xs"
          variant="solid"
          position="absolute"
          top="1"
          right="1"
          aria-label={t`Remove ${label}`}
          onClick={onRemove}
        >
          <X />
        </IconButton>
      )}
    </Stack>
  );
}

/** Write or edit the notes on one message (title, notes, links, photos). */
export function MessageNotesDialog({
  message,
  onClose,
  onSaved,
}: {
  message: Message;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const [title, setTitle] = useState(message.notes?.title ?? '');
  const [notes, setNotes] = useState(message.notes?.notes ?? '');
  const savedUrls = message.notes?.urls ?? [];
  const [urls, setUrls] = useState(savedUrls.filter((url) => !isPhoto(url)).join('\n'));
  const [photos, setPhotos] = useState(savedUrls.filter(isPhoto));
  const camera = useRef<HTMLInputElement>(null);
  const { db } = useMirrorState();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const mirror = useMirror();
  useDirtyForm(
    title !== (message.notes?.title ?? '') ||
      notes !== (message.notes?.notes ?? '') ||
      urls !== savedUrls.filter((url) => !isPhoto(url)).join('\n') ||
      photos.join('\n') !== savedUrls.filter(isPhoto).join('\n'),
  );

  async function addPhotos(files: FileList | null) {
    if (!db || !files) return;
    const added: string[] = [];
    for (const file of files) {
      added.push(
        uploadRef(
          await queueUpload(db, { liftId: message.liftId, blob: file, name: file.name || 'photo.jpg' }),
        ),
      );
    }
    setPhotos((current) => [...current, ...added]);
    requestSync('user');
  }

  async function save() {
    const parsed = v.safeParse(MessageNotesSchema, {
      title,
      notes,
      urls: urls
        .split('\n')
        .map((url) => url.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.issues) {
        const key = (v.getDotPath(issue) ?? '').split('.')[0] ?? '';
        next[key] ??= translateServerMessage(i18n, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      // Photos are the portal's files or uploads on their way; the outbox sends the note once they
      // are stored (src/data/mirror/uploads.ts).
      await saveNotes(mirror, message, { ...parsed.output, urls: [...parsed.output.urls, ...photos] });
      showToast(
        'success',
        mirror && !navigator.onLine
          ? t`Saved on this device; it is sent when the server can be reached.`
          : t`Updated Successfully`,
      );
      onSaved();
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      open
      onClose={onClose}
      title={t`Notes`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <FormField id="notes-title" label={t`Title`} error={errors.title}>
          <Input value={title} onChange={(event) => setTitle(event.target.value)} />
        </FormField>
        <FormField id="notes-notes" label={t`Notes`} error={errors.notes}>
          <Textarea rows={5} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </FormField>
        <FormField id="notes-urls" label={t`Links (one per line)`} error={errors.urls}>
          <Textarea rows={3} value={urls} onChange={(event) => setUrls(event.target.value)} />
        </FormField>
        <Stack as="section" gap="2" aria-label={t`Photos`}>
          <HStack justify="space-between">
            <Text fontWeight="medium">
              <Trans>Photos</Trans>
            </Text>
            {mirror && db && (
              <>
                <Button size="sm" variant="outline" onClick={() => camera.current?.click()}>
                  <Camera aria-hidden />
                  <Trans>Add photo</Trans>
                </Button>
                <input
                  ref={camera}
                  type="file"
                  accept="image/jpeg,image/png,image/gif"
                  capture="environment"
                  multiple
                  hidden
                  aria-label={t`Add photo`}
                  data-testid="note-photo-input"
                  onChange={(event) => {
                    void addPhotos(event.target.files);
                    event.target.value = '';
                  }}
                />
              </>
            )}
          </HStack>
          {photos.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              <Trans>No photos.</Trans>
            </Text>
          ) : (
            <HStack gap="2" wrap="wrap" data-testid="note-photos">
              {photos.map((photo, index) => (
                <NotePhoto
                  key={photo}
                  url={photo}
                  label={t`Photo ${index + 1}`}
                  onRemove={() => setPhotos((current) => current.filter((url) => url !== photo))}
                />
              ))}
            </HStack>
          )}
        </Stack>
      </Stack>
    </AppDialog>
  );
}
