import { msg } from '@lingui/core/macro';
import type { ALARM_MSG } from '../../../contract/alarm-messages';
import { registerServerMessages } from '../../data/server-messages';

type AlarmMessage = (typeof ALARM_MSG)[keyof typeof ALARM_MSG];

/** The alarm texts the server may send, translated with the alarm screens (src/data/server-messages.ts). */
registerServerMessages<AlarmMessage>({
  'Alarm not found': msg`Alarm not found`,
  'The push subscription is not valid': msg`The push subscription is not valid`,
  'Notifications can only be sent to a public push service': msg`Notifications can only be sent to a public push service`,
  'Controller offline': msg`Controller offline`,
});
