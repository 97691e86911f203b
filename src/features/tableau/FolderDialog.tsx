import { Input, Stack, Textarea } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { tableauApi } from '../../../contract/api/tableau';
import { type Folder, FolderInputSchema } from '../../../contract/schemas/tableau';
import { type Reloadable, useApiMutation } from '../../data/api/use-api-mutation';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { FormActions } from '../../ui/ActionButtons';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import type { LibraryScope } from './use-library';

const FolderFormSchema = v.object({
  name: FolderInputSchema.entries.name,
  notes: FolderInputSchema.entries.notes,
});
type FolderForm = v.InferInput<typeof FolderFormSchema>;

/** A new folder of the page's scope, or a folder renamed; `reloads` are the folder lists. */
export function FolderDialog({
  folder,
  scope,
  reloads,
  onClose,
  onSaved,
}: {
  folder: Folder | null;
  scope: LibraryScope;
  reloads: readonly Reloadable[];
  onClose: () => void;
  onSaved: (folder: Folder) => void;
}) {
  const { t, i18n } = useLingui();
  const update = useApiMutation(tableauApi.updateFolder, { reloads });
  const register = useApiMutation(tableauApi.registerFolder, { reloads });
  const {
    register: field,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FolderForm, unknown, v.InferOutput<typeof FolderFormSchema>>({
    resolver: valibotResolver(FolderFormSchema),
    defaultValues: { name: folder?.name ?? '', notes: folder?.notes ?? '' },
  });
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = folder
        ? await update.mutate({ params: { id: folder.id }, body: values })
        : await register.mutate({ body: { ...values, isPublic: scope === 'public' } });
      onSaved(saved);
    } catch (error) {
      reportSaveError(error, i18n, setError);
    }
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={folder ? t`Rename folder` : t`New folder`}
      footer={<FormActions onCancel={onClose} saving={isSubmitting} form="tableau-folder-form" />}
    >
      <form id="tableau-folder-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField id="folder-name" label={t`Name`} error={message(errors.name?.message)} required>
            <Input {...field('name')} />
          </FormField>
          <FormField id="folder-notes" label={t`Notes`} error={message(errors.notes?.message)}>
            <Textarea {...field('notes')} rows={3} />
          </FormField>
        </Stack>
      </form>
    </AppDialog>
  );
}
