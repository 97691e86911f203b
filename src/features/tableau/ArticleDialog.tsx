import { Input, Stack } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { tableauApi } from '../../../contract/api/tableau';
import { type Folder, type Subfolder, SubfolderInputSchema } from '../../../contract/schemas/tableau';
import { type Reloadable, useApiMutation } from '../../data/api/use-api-mutation';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { FormActions } from '../../ui/ActionButtons';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { SelectInput } from '../../ui/SelectInput';

type ArticleForm = v.InferInput<typeof SubfolderInputSchema>;

/** A new article in `folderId`, or an article edited (and perhaps moved to another folder). */
export function ArticleDialog({
  article,
  folderId,
  folders,
  reloads,
  onClose,
  onSaved,
}: {
  article: Subfolder | null;
  folderId: string;
  folders: Folder[];
  reloads: readonly Reloadable[];
  onClose: () => void;
  onSaved: (article: Subfolder) => void;
}) {
  const { t, i18n } = useLingui();
  const update = useApiMutation(tableauApi.updateSubfolder, { reloads });
  const register = useApiMutation(tableauApi.registerSubfolder, { reloads });
  const {
    register: field,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ArticleForm, unknown, v.InferOutput<typeof SubfolderInputSchema>>({
    resolver: valibotResolver(SubfolderInputSchema),
    defaultValues: {
      folderId: article?.folderId ?? folderId,
      name: article?.name ?? '',
      number: article?.number ?? '',
      price: article?.price ?? '',
    },
  });
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);
  const onSubmit = handleSubmit(async (values) => {
    const body = {
      folderId: values.folderId,
      name: values.name,
      number: values.number,
      price: values.price ?? 0,
    };
    try {
      const saved = article
        ? await update.mutate({ params: { id: article.id }, body })
        : await register.mutate({ body });
      onSaved(saved);
    } catch (error) {
      reportSaveError(error, i18n, setError);
    }
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title={article ? t`Edit article` : t`New article`}
      footer={<FormActions onCancel={onClose} saving={isSubmitting} form="tableau-article-form" />}
    >
      <form id="tableau-article-form" onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField id="article-name" label={t`Name`} error={message(errors.name?.message)} required>
            <Input {...field('name')} />
          </FormField>
          <FormField
            id="article-number"
            label={t`Article number`}
            error={message(errors.number?.message)}
            required
          >
            <Input {...field('number')} />
          </FormField>
          <FormField id="article-price" label={t`Price (EUR)`} error={message(errors.price?.message)}>
            <Input {...field('price')} inputMode="decimal" placeholder="12.50" />
          </FormField>
          <FormField id="article-folder" label={t`Folder`} error={message(errors.folderId?.message)}>
            <SelectInput
              {...field('folderId')}
              options={folders.map((folder) => ({ value: folder.id, label: folder.name }))}
            />
          </FormField>
        </Stack>
      </form>
    </AppDialog>
  );
}
