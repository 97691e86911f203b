import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCw } from 'lucide-react';
import type { OutboxItem } from '../../../contract/schemas/outbox';
import { dateTimeFormat } from '../../data/i18n/intl-format';
import { relativeTime } from '../../data/i18n/relative-time';
import { DeliveryBadge, DeliveryDetails } from './DeliveryStatus';
import { CHANNEL_ICONS, CHANNEL_LABELS, KIND_LABELS } from './outbox-labels';

/** "Name <address>" for a mail, "Name, number" otherwise, or whichever of them there is. */
export function recipientText(item: Pick<OutboxItem, 'recipientName' | 'to' | 'channel'>): string {
  if (!item.recipientName || !item.to) return item.recipientName ?? item.to;
  return item.channel === 'mail' ? `${item.recipientName} <${item.to}>` : `${item.recipientName}, ${item.to}`;
}

/** One message of the outbox as a card: how and why it goes, to whom, what, and its state. */
export function OutboxMessageCard({
  item,
  now,
  onSendAgain,
}: {
  item: OutboxItem;
  now: Date;
  onSendAgain: (item: OutboxItem) => void;
}) {
  const { i18n } = useLingui();
  const Icon = CHANNEL_ICONS[item.channel];
  const dateTime = dateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' });
  const recipient = recipientText(item);
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderRadius="l2"
      padding="3"
      borderColor={item.state === 'failed' ? 'border.error' : undefined}
      data-testid="outbox-item"
      data-state={item.state}
    >
      <Stack gap="1.5">
        <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" display="flex" alignItems="center" gap="1.5">
            <Icon size="1em" aria-hidden="true" />
            {i18n._(CHANNEL_LABELS[item.channel])} · {i18n._(KIND_LABELS[item.kind])}
          </Text>
          <DeliveryBadge item={item} />
        </HStack>
        <Text fontWeight="semibold" wordBreak="break-word">
          {item.subject}
        </Text>
        <Text fontSize="sm" wordBreak="break-all">
          <Trans>To: {recipient}</Trans>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            Created {dateTime.format(new Date(item.createdAt))} (
            {relativeTime(i18n, item.createdAt, now, { past: true })})
          </Trans>
        </Text>
        <DeliveryDetails item={item} now={now} />
        {item.state === 'failed' && (
          <Box>
            <Button size="sm" variant="outline" onClick={() => onSendAgain(item)}>
              <RotateCw aria-hidden="true" />
              <Trans>Send again</Trans>
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
