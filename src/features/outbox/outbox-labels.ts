import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { BellRing, type LucideIcon, Mail, MessageSquareText } from 'lucide-react';
import type { OutboxChannel, OutboxItem, OutboxKind } from '../../../contract/schemas/outbox';

/**
 * The words of the outbox (docs/outbox.md) as the admin's page and an alarm's page show them: one
 * mapping, so a kind or state reads the same everywhere.
 */

export const CHANNEL_LABELS: Record<OutboxChannel, MessageDescriptor> = {
  mail: msg`Email`,
  sms: msg`SMS`,
  push: msg`Push notification`,
};

export const CHANNEL_ICONS: Record<OutboxChannel, LucideIcon> = {
  mail: Mail,
  sms: MessageSquareText,
  push: BellRing,
};

export const KIND_LABELS: Record<OutboxKind, MessageDescriptor> = {
  alarm: msg`Alarm`,
  escalation: msg`Escalation`,
  'alarm-test': msg`Test alarm`,
  maintenance: msg`Maintenance notice`,
  'sim-alert': msg`SIM alert`,
  topup: msg`Top-up request`,
  invitation: msg`Invitation`,
  reset: msg`Password reset`,
  offer: msg`Offer`,
  order: msg`Order`,
  report: msg`Report`,
  inspection: msg`Inspection`,
  'admin-mail': msg`Admin mail`,
};

/** The state as shown: a pending message that was tried before is retrying. */
export type DeliveryState = 'pending' | 'retrying' | 'sending' | 'sent' | 'failed';

export function deliveryState(item: Pick<OutboxItem, 'state' | 'attempts'>): DeliveryState {
  return item.state === 'pending' && item.attempts > 0 ? 'retrying' : item.state;
}

export const STATE_LABELS: Record<DeliveryState, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'outbox state' }),
  retrying: msg`Retrying`,
  sending: msg`Sending`,
  sent: msg({ message: 'Sent', context: 'outbox state' }),
  failed: msg({ message: 'Failed', context: 'outbox state' }),
};

export const STATE_COLORS: Record<DeliveryState, string> = {
  pending: 'gray',
  retrying: 'orange',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};
