import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SimOperationAnswer } from '../../../contract/api/sims';
import type { ApiState } from '../../data/api/use-api';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { LoadFailure, Loading } from '../../ui/LoadFailure';
import { Section } from './SimSection';

/** The card's newest events (fifteen), as the provider lists them. */
export function SimEventsSection({ events }: { events: ApiState<SimOperationAnswer<'events'>> }) {
  const { i18n } = useLingui();
  const dateTime = (value: string | null) =>
    value
      ? dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
      : '–';
  return (
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
  );
}
