import { Button, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Camera, X } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { type FileBytes, fileIdOfUrl, useFileBytes, useObjectUrl } from '../data/files/file-bytes';
import { requestSync, useOpenMirror } from '../data/mirror/sync-status';
import { dropUpload, queueUpload, UPLOAD_REF_PREFIX, uidOfRef, uploadRef } from '../data/mirror/uploads';
import { useMirror } from '../data/mirror/use-mirror';
import { AppDialog } from './AppDialog';
import { Loading } from './LoadFailure';

/**
 * Photos of a note or a maintenance visit (docs/files.md#offline): each is a stored lift file
 * (`/api/files/<id>/content`) or one still waiting on this device to be uploaded (`upload:<uid>`).
 */
export const isPhotoUrl = (url: string) => url.startsWith(UPLOAD_REF_PREFIX) || fileIdOfUrl(url) !== null;

/** One photo as a thumbnail, from the device when it is there (offline too). */
export function PhotoThumbnail({
  url,
  label,
  size = '24',
  onOpen,
  onRemove,
}: {
  url: string;
  label: string;
  size?: '16' | '24';
  /** Makes the thumbnail a button that shows the picture. */
  onOpen?: () => void;
  onRemove?: () => void;
}) {
  const { t } = useLingui();
  const bytes = useFileBytes(url);
  const src = useObjectUrl(bytes.status === 'ready' ? bytes.blob : null);
  const picture = src ? (
    <Image src={src} alt={label} boxSize={size} objectFit="cover" borderRadius="l2" />
  ) : (
    <Text boxSize={size} fontSize="xs" color="fg.muted" borderWidth="1px" borderRadius="l2" padding="1">
      {bytes.status === 'loading' ? t`Loading…` : t`Not on this device`}
    </Text>
  );
  return (
    <Stack gap="1" align="center" position="relative">
      {onOpen && src ? (
        <button type="button" onClick={onOpen} style={{ cursor: 'zoom-in', borderRadius: 'inherit' }}>
          {picture}
        </button>
      ) : (
        picture
      )}
      {url.startsWith(UPLOAD_REF_PREFIX) && (
        <Text fontSize="xs" color="orange.fg" maxWidth={size} textAlign="center">
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

/** What a dialog shows while a file's bytes are not there: loading, not kept on this device, or failed. */
export function FileBytesStatus({ bytes, notKept }: { bytes: FileBytes; notKept?: ReactNode }) {
  if (bytes.status === 'loading') return <Loading />;
  if (bytes.status === 'notKept')
    return (
      <Text role="status" color="fg.muted">
        {notKept ?? <Trans>Not on this device</Trans>}
      </Text>
    );
  if (bytes.status === 'failed')
    return (
      <Text role="alert" color="fg.error">
        <Trans>The file could not be opened.</Trans>
      </Text>
    );
  return null;
}

/** A photo shown large, from the device when it is there. */
export function PhotoDialog({ url, label, onClose }: { url: string; label: string; onClose: () => void }) {
  const bytes = useFileBytes(url);
  const src = useObjectUrl(bytes.status === 'ready' ? bytes.blob : null);
  return (
    <AppDialog open onClose={onClose} title={label} size="xl">
      <FileBytesStatus bytes={bytes} />
      {src && <Image src={src} alt={label} maxWidth="full" marginInline="auto" data-testid="photo-large" />}
    </AppDialog>
  );
}

/** Thumbnails that open the picture; one at a time. */
export function PhotoStrip({ urls, size = '16' }: { urls: string[]; size?: '16' | '24' }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? undefined : urls[open];
  return (
    <HStack gap="2" wrap="wrap">
      {urls.map((url, index) => (
        <PhotoThumbnail
          key={url}
          url={url}
          label={t`Photo ${index + 1}`}
          size={size}
          onOpen={() => setOpen(index)}
        />
      ))}
      {shown !== undefined && open !== null && (
        <PhotoDialog url={shown} label={t`Photo ${open + 1}`} onClose={() => setOpen(null)} />
      )}
    </HStack>
  );
}

/**
 * "Photos" of a form: "Add photo" opens the camera (or the picker), each photo waits in the mirror
 * as an upload and is named `upload:<uid>` in `photos`; the outbox sends the form's change once
 * they are stored. Without a mirror photos cannot be added.
 */
export function PhotosField({
  liftId,
  photos,
  onChange,
  testIdPrefix,
}: {
  liftId: string;
  photos: string[];
  onChange: (update: (current: string[]) => string[]) => void;
  /** `<prefix>-photo-input` and `<prefix>-photos` for the tests. */
  testIdPrefix: string;
}) {
  const { t } = useLingui();
  const camera = useRef<HTMLInputElement>(null);
  const mirror = useMirror();
  const db = useOpenMirror();
  // Taken in this form: removing one gives up its upload (a saved one may still be named elsewhere).
  const added = useRef(new Set<string>());

  async function addPhotos(files: File[]) {
    if (!db) return;
    const refs: string[] = [];
    for (const file of files) {
      refs.push(uploadRef(await queueUpload(db, { liftId, blob: file, name: file.name || 'photo.jpg' })));
    }
    for (const ref of refs) added.current.add(ref);
    onChange((current) => [...current, ...refs]);
    requestSync('user');
  }

  function remove(photo: string) {
    onChange((current) => current.filter((url) => url !== photo));
    const uid = uidOfRef(photo);
    if (db && uid && added.current.delete(photo)) void dropUpload(db, uid);
  }

  return (
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
              data-testid={`${testIdPrefix}-photo-input`}
              onChange={(event) => {
                // Copied first: clearing the input empties its FileList.
                void addPhotos(Array.from(event.target.files ?? []));
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
        <HStack gap="2" wrap="wrap" data-testid={`${testIdPrefix}-photos`}>
          {photos.map((photo, index) => (
            <PhotoThumbnail
              key={photo}
              url={photo}
              label={t`Photo ${index + 1}`}
              onRemove={() => remove(photo)}
            />
          ))}
        </HStack>
      )}
    </Stack>
  );
}
