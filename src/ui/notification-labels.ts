import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotificationPreference } from '../../contract/constants';

/** The spec's notification preference choices (docs/spec-texts.md), translated. */
export const NOTIFICATION_LABELS: Record<NotificationPreference, MessageDescriptor> = {
  'email/sms': msg`Email and SMS`,
  email: msg`Email`,
  sms: msg`SMS`,
  nothing: msg`Nothing`,
};
