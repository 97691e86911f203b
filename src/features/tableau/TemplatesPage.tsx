import {
  Badge,
  Box,
  Button,
  Card,
  Grid,
  HStack,
  Image,
  Input,
  Link,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { tableauApi } from '../../../contract/api/tableau';
import { TEMPLATE_TYPES, type Template, type TemplateType } from '../../../contract/schemas/tableau';
import { call } from '../../data/http';
import { AppDialog } from '../../ui/AppDialog';
import { FormField } from '../../ui/FormField';
import { reportSaveError } from '../../ui/form-errors';
import { Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import './tableau-messages';

/** `/apps/tableau/templates`: the panel templates by type with their previews; each opens in the editor. */
export function TemplatesPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [type, setType] = useState<TemplateType>('COP');
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  useEffect(() => {
    setTemplates(null);
    call(tableauApi.templatesByType, { query: { type } })
      .then((answer) => setTemplates(answer.templates))
      .catch((error: unknown) => reportSaveError(error, i18n));
  }, [type, i18n]);

  async function create() {
    if (!name.trim()) {
      setNameError(t`Name is required`);
      return;
    }
    try {
      const template = await call(tableauApi.registerTemplate, { body: { name: name.trim(), type } });
      await navigate({ to: '/apps/tableau/editor/$templateId', params: { templateId: template.id } });
    } catch (error) {
      reportSaveError(error, i18n);
    }
  }

  return (
    <Box>
      <PageTitle title={t`Templates`} />
      <Tabs.Root value={type} onValueChange={(details) => setType(details.value as TemplateType)}>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Tabs.List>
            {TEMPLATE_TYPES.map((item) => (
              <Tabs.Trigger key={item} value={item}>
                {item === 'COP' ? t`Car panels (COP)` : t`Landing panels (LOP)`}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus /> <Trans>New template</Trans>
          </Button>
        </HStack>
      </Tabs.Root>
      <Box marginTop="4">
        {templates === null ? (
          <Loading />
        ) : templates.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No templates of this type yet.</Trans>
          </Text>
        ) : (
          <Grid templateColumns="repeat(auto-fill, minmax(220px, 1fr))" gap="4" as="ul" listStyleType="none">
            {templates.map((template) => (
              <Card.Root as="li" key={template.id} size="sm" data-testid="template-card">
                <Card.Body gap="2">
                  <Box
                    bg="bg.muted"
                    borderRadius="md"
                    height="220px"
                    display="flex"
                    alignItems="center"
                    justifyContent="center"
                  >
                    {template.previewUrl ? (
                      <Image
                        src={template.previewUrl}
                        alt={t`Preview of ${template.name}`}
                        maxHeight="210px"
                        objectFit="contain"
                      />
                    ) : (
                      <Text color="fg.muted" fontSize="sm">
                        <Trans>No preview yet</Trans>
                      </Text>
                    )}
                  </Box>
                  <HStack justify="space-between" gap="2">
                    <Text fontWeight="semibold" truncate>
                      {template.name}
                    </Text>
                    <Badge>{template.type}</Badge>
                  </HStack>
                  {template.description && (
                    <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                      {template.description}
                    </Text>
                  )}
                  <Text fontSize="xs" color="fg.muted">
                    {template.data.widthMm} × {template.data.heightMm} mm ·{' '}
                    <Trans>{template.data.elements.length} elements</Trans>
                  </Text>
                </Card.Body>
                <Card.Footer>
                  <Link asChild colorPalette="blue" fontWeight="medium">
                    <RouterLink to="/apps/tableau/editor/$templateId" params={{ templateId: template.id }}>
                      <Trans>Open in editor</Trans>
                    </RouterLink>
                  </Link>
                </Card.Footer>
              </Card.Root>
            ))}
          </Grid>
        )}
      </Box>
      <AppDialog
        open={creating}
        onClose={() => setCreating(false)}
        title={t`New template`}
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setCreating(false)}>
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
    </Box>
  );
}
