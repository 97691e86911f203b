import {
  Badge,
  Box,
  Button,
  chakra,
  Heading,
  HStack,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { ArrowLeft, RotateCcw, Send } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import {
  type ProviderUsage,
  SIM_SMS_MAX_LENGTH,
  SIM_USAGE_DAYS,
  type SimTopupOffer,
} from '../../../contract/schemas/sim';
import { dateTimeFormat } from '../../data/intl-format';
import { relativeTime } from '../../data/relative-time';
import { translateServerMessage } from '../../data/server-messages';
import { ConfirmDialog } from '../../ui/AppDialog';
import { reportSaveError } from '../../ui/form-errors';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { showToast } from '../../ui/toaster';
import { LEVEL_PALETTE, LevelText, QuotaBar } from './QuotaBar';
import { simOperation, useSimSession } from './sim-session';
import { TopupButton, useTopupOfferText } from './TopupButton';
import { UsageChart, type UsageDay } from './UsageChart';
import { useSimLoad } from './use-sim-load';

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="0.5" minWidth="0">
      <Text as="dt" fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase">
        {label}
      </Text>
      <Box as="dd" margin="0" overflowWrap="anywhere">
        {children}
      </Box>
    </Stack>
  );
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" borderWidth="1px" borderRadius="l2" padding={{ base: '3', md: '5' }}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function TopupOfferTitle({ offer: topupOffer }: { offer: SimTopupOffer }) {
  const offer = useTopupOfferText(topupOffer);
  return (
    <Text fontWeight="medium">
      <Trans>Top-up: {offer}</Trans>
    </Text>
  );
}

/** The provider's daily usage records as one figure a day, oldest first. */
function usageDays(usage: ProviderUsage | null): UsageDay[] {
  return (usage?.stats ?? []).map((record) => ({
    date: record.date.slice(0, 10),
    mb: Number(record.data?.volume ?? 0) || 0,
  }));
}

/**
 * `/apps/simcard/sim/:iccid`: one card, fresh from the provider when opened (docs/sims.md): its
 * numbers and quotas, the lift it is in, 30 days of data usage, its events, a connectivity reset,
 * an SMS to the controller and the top-up.
 */
export function SimCardPage({ iccid }: { iccid: string }) {
  const { t, i18n } = useLingui();
  const { token, refused } = useSimSession();
  const [confirmReset, setConfirmReset] = useState(false);
  const [busy, setBusy] = useState<'reset' | 'sms' | null>(null);
  const [sms, setSms] = useState('');

  const loadDetails = useCallback(() => simOperation('details', token ?? '', iccid), [token, iccid]);
  const loadUsage = useCallback(() => simOperation('usage', token ?? '', iccid), [token, iccid]);
  const loadEvents = useCallback(() => simOperation('events', token ?? '', iccid), [token, iccid]);
  const details = useSimLoad(token ? loadDetails : null, iccid, refused);
  const usage = useSimLoad(token ? loadUsage : null, iccid, refused);
  const events = useSimLoad(token ? loadEvents : null, iccid, refused);

  async function run(kind: 'reset' | 'sms') {
    if (!token) return;
    setBusy(kind);
    try {
      const answer = await simOperation(kind, token, iccid, kind === 'sms' ? { payload: sms.trim() } : {});
      showToast('success', translateServerMessage(i18n, answer.message));
      if (kind === 'sms') setSms('');
      setConfirmReset(false);
      events.reload();
    } catch (error) {
      if (!refused(error)) reportSaveError(error, i18n);
    } finally {
      setBusy(null);
    }
  }

  if (!token) return <Loading />;
  const card = details.data?.card ?? null;
  const dateTime = (value: string | null) =>
    value
      ? dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
      : '–';
  const date = (value: string | null) =>
    value ? dateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(value)) : '–';

  return (
    <Stack gap="5">
      <Link asChild colorPalette="blue" fontSize="sm" alignSelf="flex-start">
        <RouterLink to="/apps/simcard/sims">
          <ArrowLeft aria-hidden="true" size="16" />
          <Trans>All SIM cards</Trans>
        </RouterLink>
      </Link>
      <PageTitle title={t`SIM card ${iccid}`} />
      <LoadFailure error={details.status === 'failed' ? details.error : null} />
      {details.status === 'loading' && !card && <Loading />}

      {details.data && card && (
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
                      <RouterLink
                        to="/apps/lift/lifts/$liftId/{-$deviceId}"
                        params={{ liftId: card.lift.id }}
                      >
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
              <TopupOfferTitle offer={details.data.topupOffer} />
              {card.lastTopup && (
                <Text fontSize="sm" color="fg.muted">
                  <Trans>
                    Last requested{' '}
                    {relativeTime(i18n, card.lastTopup.requestedAt, new Date(), { past: true })} by{' '}
                    {card.lastTopup.requestedBy ?? '–'}
                  </Trans>
                </Text>
              )}
              <TopupButton
                iccid={card.iccid}
                token={token}
                configured={details.data.topupConfigured}
                offer={details.data.topupOffer}
                refused={refused}
                onRequested={details.reload}
                size="md"
              />
            </Stack>
          </Section>
        </>
      )}

      <Section title={<Trans>Data usage, last {SIM_USAGE_DAYS} days</Trans>}>
        <LoadFailure error={usage.status === 'failed' ? usage.error : null} />
        {usage.data ? <UsageChart days={usageDays(usage.data)} /> : usage.status === 'loading' && <Loading />}
      </Section>

      <Section title={<Trans>Controller</Trans>}>
        <Stack gap="4">
          <HStack gap="3" wrap="wrap">
            <Button variant="outline" colorPalette="red" onClick={() => setConfirmReset(true)}>
              <RotateCcw aria-hidden="true" />
              <Trans>Connectivity reset</Trans>
            </Button>
          </HStack>
          <chakra.form
            onSubmit={(event) => {
              event.preventDefault();
              if (sms.trim()) void run('sms');
            }}
          >
            <Stack gap="2">
              <chakra.label htmlFor="sim-sms" fontWeight="medium">
                <Trans>SMS to the controller</Trans>
              </chakra.label>
              <HStack gap="2" align="flex-start" wrap="wrap">
                <Input
                  id="sim-sms"
                  value={sms}
                  maxLength={SIM_SMS_MAX_LENGTH}
                  onChange={(event) => setSms(event.target.value)}
                  flex="1"
                  minWidth="48"
                />
                <Button type="submit" loading={busy === 'sms'} disabled={!sms.trim()}>
                  <Send aria-hidden="true" />
                  <Trans>Send SMS</Trans>
                </Button>
              </HStack>
              <Text fontSize="xs" color="fg.muted">
                <Trans>
                  {sms.length} of {SIM_SMS_MAX_LENGTH} characters
                </Trans>
              </Text>
            </Stack>
          </chakra.form>
        </Stack>
      </Section>

      <Section title={<Trans>Events</Trans>}>
        <LoadFailure error={events.status === 'failed' ? events.error : null} />
        {events.status === 'loading' && !events.data && <Loading />}
        {events.data && events.data.events.length === 0 && (
          <Text color="fg.muted">
            <Trans>No events.</Trans>
          </Text>
        )}
        <Stack as="ol" gap="2" listStyleType="none" margin="0" padding="0">
          {events.data?.events.slice(0, 15).map((event) => (
            <Stack
              as="li"
              key={`${event.timestamp}-${event.event_type}`}
              gap="0"
              borderBottomWidth="1px"
              paddingBottom="2"
            >
              <Text>{event.event_type}</Text>
              <Text fontSize="xs" color="fg.muted">
                {dateTime(event.timestamp)}
                {event.operator ? ` · ${event.operator}` : ''}
                {event.country ? ` · ${event.country}` : ''}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Section>

      <ConfirmDialog
        open={confirmReset}
        title={t`Connectivity reset`}
        message={t`Reset the connectivity of SIM ${iccid}? The controller goes offline for a moment and then reconnects.`}
        confirmLabel={t`Reset connectivity`}
        busy={busy === 'reset'}
        onConfirm={() => void run('reset')}
        onClose={() => setConfirmReset(false)}
      />
    </Stack>
  );
}
