import { Button, Input, Stack, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as v from 'valibot';
import { type Message, MessageNotesSchema } from '../../../contract/schemas/message';
import { useDirtyForm } from '../../data/dirty-forms';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useMirror } from '../../data/mirror/use-mirror';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { isPhotoUrl, PhotosField } from '../../ui/Photos';
import { showToast } from '../../ui/toaster';
import { saveNotes } from './lift-changes';

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
  const [urls, setUrls] = useState(savedUrls.filter((url) => !isPhotoUrl(url)).join('\n'));
  const [photos, setPhotos] = useState(savedUrls.filter(isPhotoUrl));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const mirror = useMirror();
  useDirtyForm(
    title !== (message.notes?.title ?? '') ||
      notes !== (message.notes?.notes ?? '') ||
      urls !== savedUrls.filter((url) => !isPhotoUrl(url)).join('\n') ||
      photos.join('\n') !== savedUrls.filter(isPhotoUrl).join('\n'),
  );

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
        <PhotosField liftId={message.liftId} photos={photos} onChange={setPhotos} testIdPrefix="note" />
      </Stack>
    </AppDialog>
  );
}
