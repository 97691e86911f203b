import { Button, Card, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Project } from '../../../contract/schemas/project';
import type { Template } from '../../../contract/schemas/tableau';
import { FormField } from '../../ui/FormField';
import { SelectInput } from '../../ui/SelectInput';

/** The attached panel designs with their previews; staff attach designs of the library and remove them. */
export function ProjectDesignsCard({
  templateIds,
  library,
  attached,
  staff,
  onChange,
}: {
  templateIds: string[];
  /** The design library (staff only; empty for a customer). */
  library: Template[];
  /** The attached designs as the server named them (a customer sees no library). */
  attached: Project['designs'];
  staff: boolean;
  onChange: (templateIds: string[]) => void;
}) {
  const { t } = useLingui();
  const [templateDraft, setTemplateDraft] = useState('');
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">
          <Trans>Attached designs</Trans>
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          {templateIds.length === 0 && (
            <Text color="fg.muted" fontSize="sm">
              <Trans>No designs attached.</Trans>
            </Text>
          )}
          <Stack as="ul" gap="2" listStyleType="none">
            {templateIds.map((id) => {
              const design =
                library.find((template) => template.id === id) ?? attached?.find((item) => item.id === id);
              const name = design?.name ?? id;
              return (
                <HStack as="li" key={id} justify="space-between" align="start" data-testid="project-design">
                  <HStack align="start" gap="3">
                    {design?.previewUrl ? (
                      <Image
                        src={design.previewUrl}
                        alt={t`Preview of ${name}`}
                        maxHeight="40"
                        maxWidth="32"
                        objectFit="contain"
                        borderWidth="1px"
                        borderRadius="l1"
                      />
                    ) : null}
                    <Stack gap="0">
                      <Text fontSize="sm" fontWeight="medium">
                        {name}
                      </Text>
                      {design?.type && (
                        <Text fontSize="xs" color="fg.muted">
                          {design.type}
                        </Text>
                      )}
                    </Stack>
                  </HStack>
                  {staff && (
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t`Remove design ${name}`}
                      onClick={() => onChange(templateIds.filter((item) => item !== id))}
                    >
                      <Trash2 />
                    </IconButton>
                  )}
                </HStack>
              );
            })}
          </Stack>
          {staff && (
            <HStack align="end">
              <FormField id="project-template" label={t`Panel design`}>
                <SelectInput
                  value={templateDraft}
                  onChange={(event) => setTemplateDraft(event.target.value)}
                  options={[
                    { value: '', label: t`Choose a design` },
                    ...library
                      .filter((template) => !templateIds.includes(template.id))
                      .map((template) => ({
                        value: template.id,
                        label: `${template.name} (${template.type})`,
                      })),
                  ]}
                />
              </FormField>
              <Button
                size="sm"
                variant="outline"
                disabled={!templateDraft}
                onClick={() => {
                  if (templateDraft && !templateIds.includes(templateDraft))
                    onChange([...templateIds, templateDraft]);
                  setTemplateDraft('');
                }}
              >
                <Trans>Attach</Trans>
              </Button>
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
