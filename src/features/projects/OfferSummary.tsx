import { Box, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { offerSums } from '../../../contract/money';
import type { OfferTerms, ProjectItem } from '../../../contract/schemas/project';
import { projectTotalCents } from '../../../contract/schemas/project';
import { formatCents } from './project-labels';

/**
 * What an offer is about, as both confirm dialogs show it: the line items (quantity × unit price
 * and sum), net, VAT and gross on the given terms, and the payment terms. Rows, not a table, so it
 * reads at 360 px.
 */
export function OfferSummary({ items, terms }: { items: readonly ProjectItem[]; terms: OfferTerms }) {
  const { i18n } = useLingui();
  const money = (cents: number) => formatCents(cents, i18n.locale);
  const sums = offerSums(projectTotalCents(items), terms.vatPercent);
  return (
    <Stack gap="3">
      <Stack as="ol" gap="2" listStyleType="none" data-testid="offer-summary-items">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items as they are, in order
          <HStack as="li" key={index} justify="space-between" align="flex-start" gap="3">
            <Box minWidth="0">
              <Text fontSize="sm" wordBreak="break-word">
                {item.text}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {item.quantity} × {money(item.unitPriceCents)}
              </Text>
            </Box>
            <Text fontSize="sm" whiteSpace="nowrap">
              {money(item.quantity * item.unitPriceCents)}
            </Text>
          </HStack>
        ))}
      </Stack>
      <Separator />
      <Stack gap="1" fontSize="sm">
        <HStack justify="space-between">
          <Text>
            <Trans>Net amount</Trans>
          </Text>
          <Text data-testid="offer-net">{money(sums.netCents)}</Text>
        </HStack>
        <HStack justify="space-between">
          <Text>
            <Trans>plus {sums.vatPercent} % VAT</Trans>
          </Text>
          <Text data-testid="offer-vat">{money(sums.vatCents)}</Text>
        </HStack>
        <HStack justify="space-between" fontWeight="semibold">
          <Text>
            <Trans>Total amount (gross)</Trans>
          </Text>
          <Text data-testid="offer-gross">{money(sums.grossCents)}</Text>
        </HStack>
      </Stack>
      <Box>
        <Text fontSize="sm" fontWeight="semibold">
          <Trans>Terms of payment</Trans>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {terms.paymentTerms}
        </Text>
      </Box>
    </Stack>
  );
}
