import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OutboxItem } from '../../../contract/schemas/outbox';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { relativeTime } from '../../data/i18n/relative-time';
import { deliveryState, STATE_COLORS, STATE_LABELS } from './outbox-labels';

/** A message's state as a badge, with its tries. */
export function DeliveryBadge({ item }: { item: OutboxItem }) {
  const { i18n } = useLingui();
  const state = deliveryState(item);
  return (
    <HStack gap="2" wrap="wrap">
      <Badge colorPalette={STATE_COLORS[state]} variant={state === 'failed' ? 'solid' : 'subtle'}>
        {i18n._(STATE_LABELS[state])}
      </Badge>
      {item.attempts > 0 && (
        <Text as="span" fontSize="sm" color="fg.muted">
          <Trans>Attempts: {item.attempts}</Trans>
        </Text>
      )}
    </HStack>
  );
}

/**
 * What a message's state means for the reader: when it went, when the next try comes and why the
 * last one failed, or why it was given up.
 */
export function DeliveryDetails({ item, now }: { item: OutboxItem; now: Date }) {
  const { i18n } = useLingui();
  const state = deliveryState(item);
  const dateTime = dateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' });
  const at = (time: string) =>
    `${dateTime.format(new Date(time))} (${relativeTime(i18n, time, now, { past: true })})`;
  const next =
    item.nextAttemptAt && new Date(item.nextAttemptAt) > now
      ? relativeTime(i18n, item.nextAttemptAt, now)
      : null;
  return (
    <Stack gap="0.5" fontSize="sm">
      {state === 'sent' && item.sentAt && (
        <Text>
          <Trans>Sent {at(item.sentAt)}</Trans>
        </Text>
      )}
      {state === 'retrying' && (
        <Text>{next ? <Trans>Next try {next}</Trans> : <Trans>Next try now</Trans>}</Text>
      )}
      {state === 'failed' && item.failedAt && (
        <Text>
          <Trans>Given up {at(item.failedAt)}</Trans>
        </Text>
      )}
      {(state === 'retrying' || state === 'failed') && item.lastError && (
        <Text color="fg.error" wordBreak="break-word" data-testid="delivery-error">
          {state === 'failed' ? (
            <Trans>Reason: {item.lastError}</Trans>
          ) : (
            <Trans>Last error: {item.lastError}</Trans>
          )}
        </Text>
      )}
    </Stack>
  );
}
