import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { tableauApi } from '../../../contract/api/tableau';
import type { Bom } from '../../../contract/schemas/tableau';
import { send } from '../../data/api/http';
import { reportSaveError } from '../../ui/form-errors';
import { formatEuro } from './format-euro';

/**
 * The bill of materials of a saved template (`bom`, which the editor reloads after a save):
 * articles, quantities, prices and the sum; CSV and PDF sheets.
 */
export function BomPanel({
  templateId,
  bom,
  dirty,
}: {
  templateId: string;
  bom: Bom | null;
  dirty: boolean;
}) {
  const { t, i18n } = useLingui();

  async function download(format: 'csv' | 'pdf') {
    try {
      const response = await send(tableauApi.templateBom, {
        params: { id: templateId },
        query: { format, lang: i18n.locale.startsWith('de') ? 'de' : 'en' },
      });
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `${bom?.name ?? 'bom'}.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      reportSaveError(error, i18n);
    }
  }

  return (
    <Stack
      gap="2"
      as="section"
      aria-label={t`Bill of materials`}
      borderWidth="1px"
      borderRadius="md"
      padding="3"
    >
      <Text fontWeight="semibold" fontSize="sm">
        <Trans>Bill of materials</Trans>
      </Text>
      {dirty && (
        <Text fontSize="xs" color="fg.warning">
          <Trans>Shows the saved layout; save to update it.</Trans>
        </Text>
      )}
      {bom && (
        <>
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="bom-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Article</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Qty</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Total</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {bom.lines.map((line) => (
                  <Table.Row key={line.subfolderId}>
                    <Table.Cell>
                      <Text fontSize="xs" fontFamily="mono">
                        {line.number}
                      </Text>
                      <Text fontSize="xs">{line.name}</Text>
                      <Text fontSize="2xs" color="fg.muted">
                        {formatEuro(line.unitPrice, i18n.locale)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatEuro(line.total, i18n.locale)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
              <Table.Footer>
                <Table.Row>
                  <Table.Cell fontWeight="semibold">
                    <Trans>Sum</Trans>
                  </Table.Cell>
                  <Table.Cell />
                  <Table.Cell textAlign="end" fontWeight="semibold" whiteSpace="nowrap" data-testid="bom-sum">
                    {formatEuro(bom.total, i18n.locale)}
                  </Table.Cell>
                </Table.Row>
              </Table.Footer>
            </Table.Root>
          </Box>
          {bom.missing > 0 && (
            <Text fontSize="xs" color="fg.warning">
              <Trans>{bom.missing} elements name an article that no longer exists.</Trans>
            </Text>
          )}
          {bom.private > 0 && (
            <Text fontSize="xs" color="fg.muted" data-testid="bom-private">
              <Trans>
                {bom.private} elements name an article in another admin's private folder: not listed and not
                in the sum.
              </Trans>
            </Text>
          )}
          <HStack gap="2">
            <Button size="xs" variant="outline" onClick={() => void download('csv')}>
              <Download /> CSV
            </Button>
            <Button size="xs" variant="outline" onClick={() => void download('pdf')}>
              <Download /> PDF
            </Button>
          </HStack>
        </>
      )}
    </Stack>
  );
}
