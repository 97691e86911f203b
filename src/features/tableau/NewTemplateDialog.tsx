import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { tableauApi } from '../../../contract/api/tableau';
import type { TemplateType } from '../../../contract/schemas/tableau';
import { useApiMutation } from '../../data/api/use-api-mutation';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';

/** A new template of `type` by its name; it opens in the editor. */
export function NewTemplateDialog({
  open,
  type,
  onClose,
}: {
  open: boolean;
  type: TemplateType;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const register = useApiMutation(tableauApi.registerTemplate);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  async function create() {
    if (!name.trim()) {
      setNameError(t`Name is required`);
      return;
    }
    try {
      const template = await register.mutate({ body: { name: name.trim(), type } });
      await navigate({ to: '/apps/tableau/editor/$templateId', params: { templateId: template.id } });
    } catch (error) {
      reportSaveError(error, i18n);
    }
  }

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={t`New template`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="tableau-template-form">
            <Trans>Create</Trans>
          </Button>
        </>
      }
    >
      <form
        id="tableau-template-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Stack gap="3">
          <FormField id="template-name" label={t`Name`} error={nameError} required>
            <Input value={name} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <Text fontSize="sm" color="fg.muted">
            {type === 'COP'
              ? t`A car panel (COP) of 300 × 1200 mm`
              : t`A landing panel (LOP) of 120 × 300 mm`}
          </Text>
        </Stack>
      </form>
    </AppDialog>
  );
}
