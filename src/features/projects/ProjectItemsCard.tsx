import { Card, HStack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProjectItem } from '../../../contract/schemas/project';
import type { Subfolder } from '../../../contract/schemas/tableau';
import { ScrollBox } from '../../ui/ScrollBox';
import { ProjectItemEditor } from './ProjectItemEditor';
import { draftTotalCents, type ItemDraft } from './project-draft';
import { formatCents } from './project-labels';

/** The line items with their total: editable for staff (the total follows the typing), a table for the customer. */
export function ProjectItemsCard({
  stored,
  storedTotalCents,
  items,
  articles,
  staff,
  onChange,
}: {
  stored: ProjectItem[];
  storedTotalCents: number;
  items: ItemDraft[];
  articles: Subfolder[];
  staff: boolean;
  onChange: (items: ItemDraft[]) => void;
}) {
  const { t, i18n } = useLingui();
  const draftTotal = staff ? draftTotalCents(items, i18n.locale) : null;
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">
          <Trans>Line items</Trans>
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {staff ? (
          <ProjectItemEditor items={items} articles={articles} onChange={onChange} />
        ) : (
          <ScrollBox label={t`Line items`}>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Item</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Quantity</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Unit price</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Sum</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {stored.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a stored list, shown as it is
                  <Table.Row key={index}>
                    <Table.Cell>{item.text}</Table.Cell>
                    <Table.Cell textAlign="end">{item.quantity}</Table.Cell>
                    <Table.Cell textAlign="end">{formatCents(item.unitPriceCents, i18n.locale)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {formatCents(item.quantity * item.unitPriceCents, i18n.locale)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollBox>
        )}
        <HStack justify="flex-end" marginTop="3" gap="2">
          <Text fontWeight="semibold">
            <Trans>Total</Trans>:
          </Text>
          <Text fontWeight="semibold" data-testid="project-total">
            {formatCents(draftTotal ?? storedTotalCents, i18n.locale)}
          </Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
