import { Badge, Box, Card, Grid, HStack, Image, Link, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { tableauApi } from '../../../contract/api/tableau';
import type { Template, TemplateType } from '../../../contract/schemas/tableau';
import { useApiQuery } from '../../data/api/use-api';
import { useWarnOnLoadFailure } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';

function TemplateCard({ template }: { template: Template }) {
  const { t } = useLingui();
  return (
    <Card.Root as="li" size="sm" data-testid="template-card">
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
  );
}

/** The templates of one type with their previews; each opens in the editor. */
export function TemplateGrid({ type }: { type: TemplateType }) {
  const templates = useApiQuery(tableauApi.templatesByType, { query: { type } });
  const failure = templates.status === 'failed' ? templates.error : null;
  useWarnOnLoadFailure(failure);
  const list = templates.data?.templates ?? null;
  if (list === null) return failure ? <LoadFailure error={failure} /> : <Loading />;
  if (list.length === 0) {
    return (
      <Text color="fg.muted">
        <Trans>No templates of this type yet.</Trans>
      </Text>
    );
  }
  return (
    <Grid templateColumns="repeat(auto-fill, minmax(220px, 1fr))" gap="4" as="ul" listStyleType="none">
      {list.map((template) => (
        <TemplateCard key={template.id} template={template} />
      ))}
    </Grid>
  );
}
