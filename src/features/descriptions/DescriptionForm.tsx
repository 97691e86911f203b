import { Box, chakra, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import {
  type Description,
  type DescriptionInput,
  DescriptionInputSchema,
} from '../../../contract/schemas/description';
import { useDirtyForm } from '../../data/dirty-forms';
import { translateServerMessage } from '../../data/i18n/server-messages';
import { useMirror } from '../../data/mirror/use-mirror';
import { FormActions } from '../../ui/ActionButtons';
import { FormField } from '../../ui/FormField';
import { warnCallFailed } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';
import { saveDescription } from './description-changes';

/** A description in both languages, new or edited; saved through the outbox when there is a mirror. */
export function DescriptionForm({
  description,
  onSaved,
  onCancel,
}: {
  description: Description | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const mirror = useMirror();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<v.InferInput<typeof DescriptionInputSchema>, unknown, DescriptionInput>({
    resolver: valibotResolver(DescriptionInputSchema),
    defaultValues: description
      ? {
          number: description.number,
          name: description.name,
          nameDE: description.nameDE,
          type: description.type,
          content: description.content,
          // A row a mirror took before the German texts existed has none (docs/sync.md).
          contentDE: description.contentDE ?? '',
          text: description.text,
          textDE: description.textDE ?? '',
        }
      : { name: '', nameDE: '', type: 'error', content: '', contentDE: '', text: '', textDE: '' },
  });
  const releaseForm = useDirtyForm(isDirty);
  const message = (text: string | undefined) => (text ? translateServerMessage(i18n, text) : null);
  return (
    <form
      noValidate
      onSubmit={handleSubmit(async (values) => {
        try {
          await saveDescription(mirror, description, values);
          showToast('success', description ? t`Updated Successfully` : t`Saved successfully`);
          releaseForm();
          onSaved();
        } catch (error) {
          warnCallFailed(error, i18n, setError);
        }
      })}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField id="description-number" label={t`Number`} error={message(errors.number?.message)}>
            <Input type="number" min={0} {...register('number', { valueAsNumber: true })} />
          </FormField>
          <Box display="flex" flexDirection="column" gap="1.5">
            <chakra.label htmlFor="description-type" fontSize="sm" fontWeight="medium">
              <Trans>Type</Trans>
            </chakra.label>
            <chakra.select
              id="description-type"
              {...register('type')}
              borderWidth="1px"
              borderRadius="l2"
              height="10"
              paddingX="3"
              bg="bg"
            >
              <option value="error">{t`Error`}</option>
              <option value="info">{t`Info`}</option>
            </chakra.select>
          </Box>
        </SimpleGrid>
        {/* Both languages side by side (stacked on a phone): English is the spec's field, German beside it. */}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField id="description-name" label={t`Name (English)`} error={message(errors.name?.message)}>
            <Input lang="en" {...register('name')} />
          </FormField>
          <FormField
            id="description-name-de"
            label={t`Name (German)`}
            error={message(errors.nameDE?.message)}
          >
            <Input lang="de" {...register('nameDE')} />
          </FormField>
          <FormField
            id="description-content"
            label={t`Cause (English)`}
            error={message(errors.content?.message)}
          >
            <Textarea lang="en" rows={3} {...register('content')} />
          </FormField>
          <FormField
            id="description-content-de"
            label={t`Cause (German)`}
            error={message(errors.contentDE?.message)}
          >
            <Textarea lang="de" rows={3} {...register('contentDE')} />
          </FormField>
          <FormField id="description-text" label={t`Remedy (English)`} error={message(errors.text?.message)}>
            <Textarea lang="en" rows={3} {...register('text')} />
          </FormField>
          <FormField
            id="description-text-de"
            label={t`Remedy (German)`}
            error={message(errors.textDE?.message)}
          >
            <Textarea lang="de" rows={3} {...register('textDE')} />
          </FormField>
        </SimpleGrid>
        <FormActions onCancel={onCancel} saving={isSubmitting} />
      </Stack>
    </form>
  );
}
