/**
 * Texts the server sends about alarms and push subscriptions (docs/alarms.md). Apart from the core
 * MSG (messages.ts) so that their translations load with the lift screens
 * (src/data/i18n/screen-server-messages.ts), not with the sign-in page.
 */
export const ALARM_MSG = {
  alarmNotFound: 'Alarm not found',
  invalidPushSubscription: 'The push subscription is not valid',
  /** An endpoint that is not https on a public host (docs/alarms.md#push). */
  pushEndpointRefused: 'Notifications can only be sent to a public push service',
  liftOffline: 'Controller offline',
} as const;
