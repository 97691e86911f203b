import type { AlarmKind } from './schemas/alarm';

/**
 * How urgent an alarm is, most urgent first (docs/alarms.md#severity): someone pressed the alarm
 * button in the car (an emergency call: passengers are trapped), passengers may be trapped, the
 * lift is out of service, another fault, the controller is silent, a test of the alarm chain.
 * The server orders open alarms by it, the browser shows it as the alarm's badge and colour.
 */
export const ALARM_SEVERITIES = [
  'emergencyCall',
  'trapped',
  'outOfService',
  'fault',
  'offline',
  'test',
] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/**
 * Error codes that stop the car where passengers may be shut in: doors that do not open, the
 * safety circuit, governor, safety gear or brake holding the car, a power failure.
 */
export const TRAPPED_CODES: readonly number[] = [104, 110, 122, 123, 124, 137, 160];

/** Error codes that take the lift out of service without holding anyone in the car. */
export const OUT_OF_SERVICE_CODES: readonly number[] = [111, 120, 121, 161, 191, 211];

/** The severity of an alarm by its kind and, for an error, its code. */
export function alarmSeverity(alarm: { kind: AlarmKind; code: number | null }): AlarmSeverity {
  if (alarm.kind === 'emergencyCall') return 'emergencyCall';
  // A lift whose emergency call may not be heard must not carry passengers (EN 81-28).
  if (alarm.kind === 'lineTestOverdue') return 'outOfService';
  if (alarm.kind === 'test') return 'test';
  if (alarm.kind === 'offline') return 'offline';
  if (alarm.code !== null && TRAPPED_CODES.includes(alarm.code)) return 'trapped';
  if (alarm.code !== null && OUT_OF_SERVICE_CODES.includes(alarm.code)) return 'outOfService';
  return 'fault';
}

/** Higher is more urgent: 5 for an emergency call down to 0 for a test. */
export const severityRank = (severity: AlarmSeverity): number =>
  ALARM_SEVERITIES.length - 1 - ALARM_SEVERITIES.indexOf(severity);

/** Most urgent first, then newest first: the order of the alarm lists. */
export function compareAlarms(
  a: { kind: AlarmKind; code: number | null; openedAt: string },
  b: { kind: AlarmKind; code: number | null; openedAt: string },
): number {
  return (
    severityRank(alarmSeverity(b)) - severityRank(alarmSeverity(a)) ||
    (a.openedAt < b.openedAt ? 1 : a.openedAt > b.openedAt ? -1 : 0)
  );
}
