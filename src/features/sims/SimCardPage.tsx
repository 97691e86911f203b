import { Link, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { type ProviderUsage, SIM_USAGE_DAYS } from '../../../contract/schemas/sim';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { PageTitle } from '../../ui/PageTitle';
import { SimCardDetails } from './SimCardDetails';
import { SimControllerSection } from './SimControllerSection';
import { SimEventsSection } from './SimEventsSection';
import { Section } from './SimSection';
import { useSimSession } from './sim-session';
import { UsageChart, type UsageDay } from './UsageChart';
import { useSimOperation } from './use-sim-query';

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
  const { t } = useLingui();
  const { token, refused } = useSimSession();
  const details = useSimOperation('details', token, iccid, refused);
  const usage = useSimOperation('usage', token, iccid, refused);
  const events = useSimOperation('events', token, iccid, refused);

  if (!token) return <Loading />;
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
      {details.status === 'loading' && !details.data?.card && <Loading />}
      {details.data?.card && (
        <SimCardDetails
          details={details.data}
          token={token}
          refused={refused}
          onTopupRequested={details.reload}
        />
      )}

      <Section title={<Trans>Data usage, last {SIM_USAGE_DAYS} days</Trans>}>
        <LoadFailure error={usage.status === 'failed' ? usage.error : null} />
        {usage.data ? <UsageChart days={usageDays(usage.data)} /> : usage.status === 'loading' && <Loading />}
      </Section>

      <SimControllerSection iccid={iccid} token={token} refused={refused} onDone={events.reload} />
      <SimEventsSection events={events} />
    </Stack>
  );
}
