import { Stack, Text, Textarea } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { DefectFixInputSchema } from '../../../contract/schemas/inspection';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { dropUpload, uidOfRef } from '../../data/mirror/uploads';
import { useMirror } from '../../data/mirror/use-mirror';
import { FormActions } from '../../ui/ActionButtons';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { PhotosField } from '../../ui/Photos';
import { showToast } from '../../ui/toaster';
import { fixDefect } from './defect-changes';

/** Checked by the server's schema; the photos are taken apart (src/ui/Photos.tsx). */
const FormSchema = v.object({ fixNote: DefectFixInputSchema.entries.fixNote });

/**
 * Marks a defect fixed with what was done and photos of it; offline too (defect-changes.ts): the
 * photos wait on the device as uploads and go before the fix.
 */
export function FixDefectDialog({
  defect,
  onClose,
  onSaved,
}: {
  defect: { id: string; liftId: string; text: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const mirror = useMirror();
  const [photos, setPhotos] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ fixNote: string }, unknown, v.InferOutput<typeof FormSchema>>({
    resolver: valibotResolver(FormSchema),
    defaultValues: { fixNote: '' },
  });
  const onSubmit = handleSubmit(async ({ fixNote }) => {
    try {
      await fixDefect(defect.id, fixNote, photos, mirror);
      showToast(
        'success',
        navigator.onLine
          ? t`Defect marked fixed`
          : t`Saved on this device; it is sent when the server can be reached.`,
      );
      onSaved();
      onClose();
    } catch (error) {
      reportSaveError(error, i18n, setError);
    }
  });
  // Cancelled: the photos taken for this fix are not uploaded.
  const cancel = () => {
    for (const photo of photos) {
      const uid = uidOfRef(photo);
      if (mirror && uid) void dropUpload(mirror, uid);
    }
    onClose();
  };
  const error = errors.fixNote?.message;
  const photosError = (errors as Record<string, { message?: string } | undefined>).photoUrls?.message;
  return (
    <AppDialog
      open
      onClose={cancel}
      title={t`Defect fixed`}
      footer={<FormActions onCancel={cancel} saving={isSubmitting} form="fix-defect-form" />}
    >
      <form id="fix-defect-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Text fontSize="sm">{defect.text}</Text>
          <FormField
            id="defect-fix-note"
            label={t`What was done`}
            error={error ? translateServerMessage(i18n, error) : null}
            required
          >
            <Textarea rows={3} {...register('fixNote')} />
          </FormField>
          {/* Photos need the mirror; without one only the API is there to take the fix. */}
          {mirror && (
            <PhotosField
              liftId={defect.liftId}
              photos={photos}
              onChange={setPhotos}
              testIdPrefix="defect-fix"
            />
          )}
          {photosError && (
            <Text fontSize="xs" color="fg.error" role="alert">
              {translateServerMessage(i18n, photosError)}
            </Text>
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}
