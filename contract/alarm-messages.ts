/**
 * Texts the server sends about alarms and push subscriptions (docs/alarms.md); the browser
 * registers their translations in src/features/alarms/alarm-messages.ts.
 */
export const ALARM_MSG = {
  alarmNotFound: 'Alarm not found',
  invalidPushSubscription: 'The push subscription is not valid',
  liftOffline: 'Controller offline',
} as const;
