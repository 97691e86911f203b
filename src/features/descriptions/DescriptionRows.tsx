import { Badge, Box, Button, chakra, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Description } from '../../../contract/schemas/description';
import { descriptionTexts } from '../../data/lookups/descriptions';
import { Checkbox } from '../../ui/Checkbox';
import { DescriptionText } from '../../ui/LiftBadges';

function TypeBadge({ type }: { type: Description['type'] }) {
  const { t } = useLingui();
  return (
    <Badge colorPalette={type === 'error' ? 'red' : 'blue'} variant="subtle">
      {type === 'error' ? t`Error` : t`Info`}
    </Badge>
  );
}

interface RowsProps {
  descriptions: Description[];
  /** Admins select rows to delete and edit them. */
  isAdmin: boolean;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onEdit: (description: Description) => void;
  /** Below the rows: the loading notice, or that none was found. */
  footer: ReactNode;
}

function SelectBox({
  description,
  selected,
  onToggle,
}: Pick<RowsProps, 'selected' | 'onToggle'> & { description: Description }) {
  const { t } = useLingui();
  return (
    <Checkbox
      aria-label={t`Select description ${description.number}`}
      checked={selected.has(description.id)}
      onChange={() => onToggle(description.id)}
    />
  );
}

function EditButton({ description, onEdit }: Pick<RowsProps, 'onEdit'> & { description: Description }) {
  const { t } = useLingui();
  return (
    <Button
      size="xs"
      variant="ghost"
      aria-label={t`Edit description ${description.number}`}
      onClick={() => onEdit(description)}
    >
      <Pencil aria-hidden="true" />
    </Button>
  );
}

/** The catalogue as a table, from the width of a tablet. */
export function DescriptionTable({ descriptions, isAdmin, selected, onToggle, onEdit, footer }: RowsProps) {
  const { i18n } = useLingui();
  return (
    <Box position="relative" overflowX="auto" borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm">
        <Table.Caption srOnly>
          <Trans>Descriptions</Trans>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {isAdmin && (
              <Table.ColumnHeader width="8">
                <chakra.span srOnly>
                  <Trans>Select</Trans>
                </chakra.span>
              </Table.ColumnHeader>
            )}
            <Table.ColumnHeader>
              <Trans>Number</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Name</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Type</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Cause</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Remedy</Trans>
            </Table.ColumnHeader>
            {isAdmin && (
              <Table.ColumnHeader>
                <chakra.span srOnly>
                  <Trans>Actions</Trans>
                </chakra.span>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {descriptions.map((d) => {
            const texts = descriptionTexts(d, i18n.locale);
            return (
              <Table.Row key={d.id}>
                {isAdmin && (
                  <Table.Cell>
                    <SelectBox description={d} selected={selected} onToggle={onToggle} />
                  </Table.Cell>
                )}
                <Table.Cell fontWeight="medium">{d.number}</Table.Cell>
                <Table.Cell>
                  <DescriptionText value={texts.name} />
                </Table.Cell>
                <Table.Cell>
                  <TypeBadge type={d.type} />
                </Table.Cell>
                <Table.Cell minWidth="40">
                  <DescriptionText value={texts.cause} />
                </Table.Cell>
                <Table.Cell minWidth="40">
                  <DescriptionText value={texts.remedy} />
                </Table.Cell>
                {isAdmin && (
                  <Table.Cell>
                    <EditButton description={d} onEdit={onEdit} />
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {footer}
    </Box>
  );
}

/** The catalogue on a phone: one card per code. */
export function DescriptionCards({ descriptions, isAdmin, selected, onToggle, onEdit, footer }: RowsProps) {
  const { t, i18n } = useLingui();
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t`Descriptions`}>
      {descriptions.map((d) => {
        const texts = descriptionTexts(d, i18n.locale);
        return (
          <Stack as="li" key={d.id} gap="1" borderWidth="1px" borderRadius="l2" padding="3">
            <HStack gap="2" align="flex-start">
              {isAdmin && <SelectBox description={d} selected={selected} onToggle={onToggle} />}
              <Text fontWeight="semibold" flex="1" minWidth="0">
                {d.number} · <DescriptionText value={texts.name} /> <TypeBadge type={d.type} />
              </Text>
              {isAdmin && <EditButton description={d} onEdit={onEdit} />}
            </HStack>
            {texts.cause.text && (
              <Text fontSize="sm">
                <chakra.span fontWeight="medium">
                  <Trans>Cause:</Trans>
                </chakra.span>{' '}
                <DescriptionText value={texts.cause} />
              </Text>
            )}
            {texts.remedy.text && (
              <Text fontSize="sm">
                <chakra.span fontWeight="medium">
                  <Trans>Remedy:</Trans>
                </chakra.span>{' '}
                <DescriptionText value={texts.remedy} />
              </Text>
            )}
          </Stack>
        );
      })}
      {footer}
    </Stack>
  );
}
