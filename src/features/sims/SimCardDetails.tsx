import { Badge, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { SimOperationAnswer } from '../../../contract/api/sims';
import type { SimTopupOffer } from '../../../contract/schemas/sim';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { relativeTime } from '../../data/i18n/relative-time';
import { LEVEL_PALETTE, LevelText, QuotaBar } from './QuotaBar';
import { Field, Section } from './SimSection';
import { TopupButton, useTopupOfferText } from './TopupButton';

function TopupOfferTitle({ offer: topupOffer }: { offer: SimTopupOffer }) {
  const offer = useTopupOfferText(topupOffer);
  return (
    <Text fontWeight="medium">
      <Trans>Top-up: {offer}</Trans>
    </Text>
  );
}

/** The card fresh from the provider: its state, numbers, lift, quotas and the top-up. */
export function SimCardDetails({
  details,
  token,
  refused,
  onTopupRequested,
}: {
  details: SimOperationAnswer<'details'>;
  token: string;
  refused: (error: unknown) => boolean;
  onTopupRequested: () => void;
}) {
  const { i18n } = useLingui();
  const { card } = details;
  const date = (value: string | null) =>
    value ? dateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(value)) : '–';
  return (
    <>
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={card.status === 'Enabled' ? 'green' : 'gray'} size="lg">
          {card.status === 'Enabled' ? <Trans>Enabled</Trans> : <Trans>Disabled</Trans>}
        </Badge>
        {card.level && (
          <Badge colorPalette={LEVEL_PALETTE[card.level]} size="lg" variant="solid">
            <LevelText level={card.level} />
          </Badge>
        )}
        <Text fontSize="sm" color="fg.muted">
          {card.lastSyncedAt ? (
            <Trans>Synced {relativeTime(i18n, card.lastSyncedAt, new Date(), { past: true })}</Trans>
          ) : null}
        </Text>
      </HStack>

      <Section title={<Trans>Card</Trans>}>
        <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          <Field label="ICCID">
            <Text fontFamily="mono">{card.iccid}</Text>
          </Field>
          <Field label="IMSI">
            <Text fontFamily="mono">{card.imsi ?? '–'}</Text>
          </Field>
          <Field label="MSISDN">
            <Text fontFamily="mono">{card.msisdn ?? '–'}</Text>
          </Field>
          <Field label={<Trans>IP address</Trans>}>
            <Text fontFamily="mono">{card.ipAddress ?? '–'}</Text>
          </Field>
          <Field label={<Trans>Activation date</Trans>}>{date(card.activationDate)}</Field>
          <Field label={<Trans>Status</Trans>}>
            {card.status === 'Enabled' ? <Trans>Enabled</Trans> : <Trans>Disabled</Trans>}
          </Field>
          <Field label={<Trans>IMEI lock</Trans>}>
            {card.imeiLock ? <Trans>Locked to IMEI {card.imei ?? '–'}</Trans> : <Trans>Off</Trans>}
          </Field>
          <Field label={<Trans>Lift</Trans>}>
            {card.lift ? (
              <Stack gap="0">
                <Link asChild colorPalette="blue" fontWeight="medium">
                  <RouterLink to="/apps/lift/lifts/$liftId/{-$deviceId}" params={{ liftId: card.lift.id }}>
                    {card.lift.uid}
                  </RouterLink>
                </Link>
                <Text fontSize="sm" color="fg.muted">
                  {card.lift.address}
                </Text>
              </Stack>
            ) : (
              <Trans>No lift</Trans>
            )}
          </Field>
          <Field label={<Trans>Quota expires</Trans>}>{date(card.dataExpiryDate)}</Field>
        </SimpleGrid>
      </Section>

      <Section title={<Trans>Quotas</Trans>}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Stack gap="2">
            <Text fontWeight="medium">
              <Trans>Current data quota</Trans>
            </Text>
            <QuotaBar left={card.dataLeftMb} total={card.dataTotalMb} level={card.level} />
          </Stack>
          <Stack gap="2">
            <Text fontWeight="medium">
              <Trans>SMS quota</Trans>
            </Text>
            <Text>
              <Trans>
                {card.smsLeft ?? '–'} of {card.smsTotal ?? '–'} SMS left
              </Trans>
            </Text>
          </Stack>
        </SimpleGrid>
        <Stack gap="2" borderTopWidth="1px" paddingTop="3">
          <TopupOfferTitle offer={details.topupOffer} />
          {card.lastTopup && (
            <Text fontSize="sm" color="fg.muted">
              <Trans>
                Last requested {relativeTime(i18n, card.lastTopup.requestedAt, new Date(), { past: true })} by{' '}
                {card.lastTopup.requestedBy ?? '–'}
              </Trans>
            </Text>
          )}
          <TopupButton
            iccid={card.iccid}
            token={token}
            configured={details.topupConfigured}
            offer={details.topupOffer}
            refused={refused}
            onRequested={onTopupRequested}
            size="md"
          />
        </Stack>
      </Section>
    </>
  );
}
