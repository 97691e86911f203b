import { Box, Button, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as v from 'valibot';
import { type Message, type NoteEntry, NoteEntryInputSchema } from '../../../contract/schemas/message';
import { useDirtyForm } from '../../data/dirty-forms';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useMirror } from '../../data/mirror/use-mirror';
import { getSession } from '../../data/session/session';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { isPhotoUrl, PhotoStrip, PhotosField } from '../../ui/Photos';
import { showToast } from '../../ui/toaster';
import { addNoteEntry, editNoteEntry, type NoteDraft, removeNoteEntry } from './lift-changes';

/** One entry as everyone reads it: who, when, what; the author's own ones with their buttons. */
function NoteEntryView({
  entry,
  mine,
  onEdit,
  onRemove,
  busy,
}: {
  entry: NoteEntry;
  mine: boolean;
  onEdit: () => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  const when = dateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(entry.at),
  );
  const links = entry.urls.filter((url) => !isPhotoUrl(url));
  const photos = entry.urls.filter(isPhotoUrl);
  const author = entry.authorName ?? t`Earlier note (author not recorded)`;
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderRadius="l2"
      padding="3"
      data-testid="note-entry"
    >
      <Stack gap="1.5">
        <Text fontSize="sm" color="fg.muted">
          <Text as="span" fontWeight="semibold" color="fg">
            {author}
          </Text>{' '}
          · {when}
          {entry.editedAt && (
            <>
              {' '}
              · <Trans>edited</Trans>
            </>
          )}
        </Text>
        {entry.text && <Text whiteSpace="pre-wrap">{entry.text}</Text>}
        {links.length > 0 && (
          <Stack as="ul" gap="0.5" padding="0" margin="0" listStyleType="none">
            {links.map((url) => (
              <li key={url}>
                <Link
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  colorPalette="blue"
                  wordBreak="break-all"
                >
                  {url}
                </Link>
              </li>
            ))}
          </Stack>
        )}
        {photos.length > 0 && <PhotoStrip urls={photos} />}
        {mine && (
          <HStack gap="2">
            <Button size="xs" variant="outline" onClick={onEdit} disabled={busy}>
              <Trans>Edit</Trans>
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" onClick={onRemove} disabled={busy}>
              <Trans>Remove</Trans>
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}

/**
 * The notes on one reading (docs/telemetry.md#notes): its entries in order, each with author and
 * time, read by everyone who sees the lift. The user writes his own entry, and changes or removes
 * only his own; another's entry, a technician's photo with it, is never his form.
 */
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
  const me = getSession().claims?.sub ?? null;
  const [editing, setEditing] = useState<NoteEntry | null>(null);
  const [text, setText] = useState('');
  const [urls, setUrls] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const mirror = useMirror();
  const start = (entry: NoteEntry | null) => {
    setEditing(entry);
    setText(entry?.text ?? '');
    setUrls((entry?.urls ?? []).filter((url) => !isPhotoUrl(url)).join('\n'));
    setPhotos((entry?.urls ?? []).filter(isPhotoUrl));
    setErrors({});
  };
  const initial = editing?.urls ?? [];
  useDirtyForm(
    text !== (editing?.text ?? '') ||
      urls !== initial.filter((url) => !isPhotoUrl(url)).join('\n') ||
      photos.join('\n') !== initial.filter(isPhotoUrl).join('\n'),
  );

  const saved = () =>
    showToast(
      'success',
      mirror && !navigator.onLine
        ? t`Saved on this device; it is sent when the server can be reached.`
        : t`Updated Successfully`,
    );

  async function run(change: () => Promise<void>) {
    setSaving(true);
    try {
      await change();
      saved();
      onSaved();
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setSaving(false);
    }
  }

  async function save() {
    const parsed = v.safeParse(NoteEntryInputSchema, {
      year: message.year,
      text,
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
    // Photos are the portal's files or uploads on their way; the outbox sends the note once they
    // are stored (src/data/mirror/uploads.ts).
    const draft: NoteDraft = { text: parsed.output.text, urls: [...parsed.output.urls, ...photos] };
    await run(() =>
      editing ? editNoteEntry(mirror, message, editing, draft) : addNoteEntry(mirror, message, draft),
    );
  }

  return (
    <AppDialog
      open
      onClose={onClose}
      title={t`Notes`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            {editing ? <Trans>Save changes</Trans> : <Trans>Add note</Trans>}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {message.noteEntries.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No notes yet.</Trans>
          </Text>
        ) : (
          <Stack as="ol" gap="2" padding="0" margin="0" aria-label={t`Notes`}>
            {message.noteEntries.map((entry) => (
              <NoteEntryView
                key={entry.id}
                entry={entry}
                mine={me !== null && entry.authorId === me}
                busy={saving}
                onEdit={() => start(entry)}
                onRemove={() => void run(() => removeNoteEntry(mirror, message, entry))}
              />
            ))}
          </Stack>
        )}
        <Stack as="section" gap="3" aria-labelledby="note-form-heading">
          <HStack justify="space-between">
            <Text as="h3" id="note-form-heading" fontWeight="semibold">
              {editing ? <Trans>Change your note</Trans> : <Trans>Your note</Trans>}
            </Text>
            {editing && (
              <Button size="xs" variant="ghost" onClick={() => start(null)}>
                <Trans>Write a new note instead</Trans>
              </Button>
            )}
          </HStack>
          <FormField id="note-text" label={t`Text`} error={errors.text}>
            <Textarea rows={4} value={text} onChange={(event) => setText(event.target.value)} />
          </FormField>
          <FormField id="note-urls" label={t`Links (one per line)`} error={errors.urls}>
            <Textarea rows={2} value={urls} onChange={(event) => setUrls(event.target.value)} />
          </FormField>
          <PhotosField liftId={message.liftId} photos={photos} onChange={setPhotos} testIdPrefix="note" />
        </Stack>
      </Stack>
    </AppDialog>
  );
}
