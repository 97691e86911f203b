import type { AlarmPushPayload } from '../contract/schemas/alarm';

/**
 * How an alarm push becomes a notification and where its click leads (docs/alarms.md#push): pure, so
 * sw/alarm-notification.test.ts checks it without a browser; sw/sw.ts wires it to the worker's events.
 */

export const ACKNOWLEDGE_ACTION = 'acknowledge';

export function isAlarmPush(data: unknown): data is AlarmPushPayload {
  const push = data as Partial<AlarmPushPayload> | null;
  return (
    typeof push === 'object' &&
    push !== null &&
    typeof push.title === 'string' &&
    typeof push.url === 'string' &&
    typeof push.alarmId === 'string'
  );
}

/** What the notification shows, in the device's language: one per alarm, until the user acts. */
export function alarmNotification(push: AlarmPushPayload, language: string) {
  const german = language.toLowerCase().startsWith('de');
  return {
    body: push.body,
    tag: `alarm-${push.alarmId}`,
    requireInteraction: true,
    icon: '/icons/icon-192.png',
    data: { url: push.url, alarmId: push.alarmId },
    actions: [{ action: ACKNOWLEDGE_ACTION, title: german ? 'Quittieren' : 'Acknowledge' }],
  };
}

/**
 * The page a click opens: "Acknowledge" opens the alarms page that acknowledges the alarm on arrival
 * (the session's token lives with the page); a click elsewhere opens the lift. Only paths of the
 * portal itself, whatever the notification's data says.
 */
export function notificationTarget(action: string, data: unknown): string {
  const { url, alarmId } = (data ?? {}) as { url?: unknown; alarmId?: unknown };
  if (action === ACKNOWLEDGE_ACTION && typeof alarmId === 'string')
    return `/apps/alarms?acknowledge=${encodeURIComponent(alarmId)}`;
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}
