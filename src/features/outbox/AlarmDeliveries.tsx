import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { outboxApi } from '../../../contract/api/outbox';
import type { OutboxItem } from '../../../contract/schemas/outbox';
import { useApiQuery } from '../../data/api/use-api';
import { useOnline } from '../../data/mirror/sync-status';
import { LoadFailure } from '../../ui/LoadFailure';
import { DeliveryBadge, DeliveryDetails } from './DeliveryStatus';
import { CHANNEL_ICONS, CHANNEL_LABELS } from './outbox-labels';
import { useFollowUnderWay } from './use-follow-under-way';
import { useNow } from './use-now';

/** The deliveries by person, in the order they were written (the server's). */
function byPerson(deliveries: readonly OutboxItem[]): [string, OutboxItem[]][] {
  const people = new Map<string, OutboxItem[]>();
  for (const item of deliveries) {
    const person = item.recipientName ?? item.to;
    people.set(person, [...(people.get(person) ?? []), item]);
  }
  return [...people];
}

function Delivery({ item, now }: { item: OutboxItem; now: Date }) {
  const { i18n } = useLingui();
  const Icon = CHANNEL_ICONS[item.channel];
  // Others' addresses reach admins only; a push goes to its service's host, not to an address.
  const address = item.recipientName && item.to && item.channel !== 'push' ? item.to : null;
  return (
    <Box
      as="li"
      listStyleType="none"
      data-testid="alarm-delivery"
      data-channel={item.channel}
      data-state={item.state}
    >
      <Stack gap="1">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Text display="flex" alignItems="center" gap="1.5" fontWeight="medium">
            <Icon size="1em" aria-hidden="true" />
            {i18n._(CHANNEL_LABELS[item.channel])}
            {address && (
              <Text as="span" fontWeight="normal" color="fg.muted" wordBreak="break-all">
                {address}
              </Text>
            )}
          </Text>
          <DeliveryBadge item={item} />
        </HStack>
        <DeliveryDetails item={item} now={now} />
      </Stack>
    </Box>
  );
}

/**
 * "Notifications" on an alarm's page (the `deliveriesSlot` of AlarmDetailPage): per person and
 * channel, sent, retrying or failed (docs/outbox.md#seen). Only the server knows, so only online.
 */
export function AlarmDeliveries({ alarmId }: { alarmId: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const now = useNow();
  const deliveries = useApiQuery(outboxApi.alarmDeliveries, online ? { params: { id: alarmId } } : null);
  const items = deliveries.data?.deliveries ?? [];
  useFollowUnderWay(deliveries, items);
  return (
    <Stack as="section" gap="3" aria-labelledby="alarm-deliveries-heading">
      <Text as="h2" id="alarm-deliveries-heading" fontSize="lg" fontWeight="semibold">
        {t`Notifications`}
      </Text>
      {!online && (
        <Text role="status" color="fg.muted">
          <Trans>Whether the notifications went out can be seen with a connection to the server only.</Trans>
        </Text>
      )}
      {online && <LoadFailure error={deliveries.status === 'failed' ? deliveries.error : null} />}
      {online && deliveries.data !== null && items.length === 0 && (
        <Text color="fg.muted">
          <Trans>Nobody was notified of this alarm.</Trans>
        </Text>
      )}
      <Stack as="ul" gap="3" padding="0" margin="0" aria-label={t`Notifications`}>
        {byPerson(items).map(([person, sent]) => (
          <Box
            as="li"
            key={person}
            listStyleType="none"
            borderWidth="1px"
            borderRadius="l2"
            padding="3"
            data-testid="alarm-delivery-person"
          >
            <Text fontWeight="semibold" marginBottom="2">
              {person}
            </Text>
            <Stack as="ul" gap="3" padding="0" margin="0" aria-label={person}>
              {sent.map((item) => (
                <Delivery key={item.id} item={item} now={now} />
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
