import { Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { offerSums } from '../../../contract/money';
import { offerIsOut } from '../../../contract/project-transitions';
import type { Project } from '../../../contract/schemas/project';
import { companyTerms, DEFAULT_SETTINGS } from '../../../contract/settings';
import { openOfferPdf } from './offer-pdf-file';
import { formatCents, formatDay } from './project-labels';

function Fact({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The offer and the order as documents: numbers, days, net and gross, who ordered when, and the
 * offer PDF to view or save. Staff preview it at any time; the customer's side once it was sent.
 */
export function ProjectOfferCard({ project, staff }: { project: Project; staff: boolean }) {
  const { i18n } = useLingui();
  const { offer, order } = project;
  const out = offerIsOut(project.project.state);
  const mayOpen = staff || (offer !== null && out);
  const terms = (out ? offer?.terms : undefined) ?? project.currentTerms ?? companyTerms(DEFAULT_SETTINGS);
  const sums = offerSums(project.project.totalCents, terms.vatPercent);
  const money = (cents: number) => formatCents(cents, i18n.locale);
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">
          <Trans>Offer and order</Trans>
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Fact
              label={<Trans>Offer number</Trans>}
              value={offer ? offer.number : <Trans>not sent yet</Trans>}
              testId="offer-number"
            />
            {offer && <Fact label={<Trans>Offer date</Trans>} value={formatDay(offer.at, i18n.locale)} />}
            {offer?.validUntil && (
              <Fact label={<Trans>Valid until</Trans>} value={formatDay(offer.validUntil, i18n.locale)} />
            )}
            <Fact label={<Trans>Net amount</Trans>} value={money(sums.netCents)} />
            <Fact
              label={<Trans>Total amount (gross, {terms.vatPercent} % VAT)</Trans>}
              value={money(sums.grossCents)}
            />
            {order && (
              <>
                <Fact label={<Trans>Order number</Trans>} value={order.number} testId="order-number" />
                <Fact label={<Trans>Ordered on</Trans>} value={formatDay(order.at, i18n.locale)} />
                <Fact label={<Trans>Ordered by</Trans>} value={order.byName ?? '—'} testId="order-by" />
              </>
            )}
          </SimpleGrid>
          {mayOpen && (
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => void openOfferPdf(project, i18n, 'view')}>
                <FileText aria-hidden="true" />
                {staff && !out ? <Trans>Preview the offer (PDF)</Trans> : <Trans>View the offer (PDF)</Trans>}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => void openOfferPdf(project, i18n, 'download')}
              >
                <Download aria-hidden="true" />
                <Trans>Download PDF</Trans>
              </Button>
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
