import { Stack, Text, Textarea } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { DefectFixInputSchema } from '../../../contract/schemas/inspection';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useMirror } from '../../data/mirror/use-mirror';
import { FormActions } from '../../ui/ActionButtons';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';
import { fixDefect } from './defect-changes';

/** Marks a defect fixed with what was done; offline too (defect-changes.ts). */
export function FixDefectDialog({
  defect,
  onClose,
  onSaved,
}: {
  defect: { id: string; text: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const mirror = useMirror();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ fixNote: string }, unknown, v.InferOutput<typeof DefectFixInputSchema>>({
    resolver: valibotResolver(DefectFixInputSchema),
    defaultValues: { fixNote: '' },
  });
  const onSubmit = handleSubmit(async ({ fixNote }) => {
    try {
      await fixDefect(defect.id, fixNote, mirror);
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
  const error = errors.fixNote?.message;
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t`Defect fixed`}
      footer={<FormActions onCancel={onClose} saving={isSubmitting} form="fix-defect-form" />}
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
        </Stack>
      </form>
    </AppDialog>
  );
}
