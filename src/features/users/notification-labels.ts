import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotificationPreference } from '../../../contract/constants';

/** Spec §2: notification preference choices, translated. */
export const NOTIFICATION_LABELS: Record<NotificationPreference, MessageDescriptor> = {
  'email/sms': msg`Email and SMS`,
  email: msg`Email`,
  sms: msg`SMS`,
  nothing: msg`Nothing`,
};
