import * as v from 'valibot';
import { ALARM_MSG } from '../alarm-messages';
import { ControllerAckSchema, LINE_TEST_RESULTS } from '../device';
import { MSG } from '../messages';
import { IdSchema } from './common';

/**
 * What opened an alarm: an error event of the controller, its silence, someone testing the alarm
 * chain from the lift page, the emergency call of the car (passengers trapped), or the
 * emergency-call line test overdue or failed (docs/alarms.md).
 */
export const ALARM_KINDS = ['error', 'offline', 'test', 'emergencyCall', 'lineTestOverdue'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** open: nobody acknowledged it yet; acknowledged: a service man took it; closed: cleared or back online. */
export const ALARM_STATES = ['open', 'acknowledged', 'closed'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** One alarm as the API and the offline mirror show it. `code` is null for any kind but `error`. */
export const AlarmSchema = v.object({
  id: v.string(),
  liftId: v.string(),
  kind: v.picklist(ALARM_KINDS),
  code: v.nullable(v.number()),
  /** The error's description in English and German, as it read when the alarm opened. */
  name: v.string(),
  nameDE: v.string(),
  floor: v.nullable(v.number()),
  openedAt: v.string(),
  acknowledgedAt: v.nullable(v.string()),
  acknowledgedBy: v.nullable(v.string()),
  closedAt: v.nullable(v.string()),
  version: v.number(),
  updatedAt: v.string(),
});
export type Alarm = v.InferOutput<typeof AlarmSchema>;

/** An alarm in the list, with what the list shows of its lift and who acknowledged it. */
export const AlarmListItemSchema = v.object({
  ...AlarmSchema.entries,
  liftUid: v.string(),
  liftAddress: v.string(),
  acknowledgedByName: v.nullable(v.string()),
});
export type AlarmListItem = v.InferOutput<typeof AlarmListItemSchema>;

const whole = (min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, MSG.invalidValue), v.transform(Number))]),
    v.number(MSG.invalidValue),
    v.integer(MSG.invalidValue),
    v.minValue(min, MSG.invalidValue),
    v.maxValue(max, MSG.invalidValue),
  );

/** `GET /alarms`: state, lift, error code, and alarms open at least this many minutes. */
export const AlarmListQuerySchema = v.object({
  state: v.optional(v.picklist(ALARM_STATES, MSG.invalidValue)),
  liftId: v.optional(IdSchema),
  code: v.optional(whole(0, 2_147_483_647)),
  minAgeMinutes: v.optional(whole(0, 10 * 365 * 24 * 60)),
});

/** At most this many alarms per answer, newest first. */
export const ALARM_LIST_LIMIT = 500;

export const AlarmListResponseSchema = v.object({
  alarms: v.array(AlarmListItemSchema),
  /** Whether more alarms matched than the answer holds. */
  truncated: v.boolean(),
});

/** The shell's badge: alarms of the user's lifts not closed and not acknowledged. */
export const AlarmCountSchema = v.object({ open: v.number() });

/** `POST /alarms/acknowledge`: the alarms to acknowledge at once. */
export const AlarmBulkAcknowledgeSchema = v.object({
  ids: v.pipe(
    v.array(IdSchema, MSG.invalidValue),
    v.minLength(1, MSG.invalidValue),
    // At most a page of the list.
    v.maxLength(ALARM_LIST_LIMIT, MSG.invalidValue),
  ),
});

/** The alarms acknowledged (or acknowledged before); ids outside the user's lifts are left out. */
export const AlarmBulkAcknowledgeResultSchema = v.object({ alarms: v.array(AlarmSchema) });

/** `POST /lifts/{id}/test-alarm`: the test alarm opened, and what the lift's controller answered. */
export const TestAlarmResultSchema = v.object({
  alarm: AlarmSchema,
  /** The controller's answer to its `testAlarm` command; `ok: false` when it is not connected. */
  controller: ControllerAckSchema,
});

/**
 * `GET /lifts/{id}/line-test`: the lift's emergency-call line test (docs/alarms.md#emergency-call):
 * the last one its controller reported (when, by the controller's clock, and the result), the last
 * good one, and by when the next good one is due before the overdue alarm opens.
 */
export const LineTestSchema = v.object({
  testedAt: v.nullable(v.string()),
  result: v.nullable(v.picklist(LINE_TEST_RESULTS)),
  lastOkAt: v.nullable(v.string()),
  /** Null for a lift no controller has reported for: nothing is watched there. */
  dueAt: v.nullable(v.string()),
});
export type LineTest = v.InferOutput<typeof LineTestSchema>;

/** A Web Push subscription as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(
    v.string(ALARM_MSG.invalidPushSubscription),
    v.maxLength(2000, ALARM_MSG.invalidPushSubscription),
    v.url(ALARM_MSG.invalidPushSubscription),
    // Browsers' push services are https; which hosts the server reaches (and plain http on hosts
    // its operator named) it decides itself, as it knows its configuration (docs/alarms.md#push).
    v.regex(/^https?:\/\//i, ALARM_MSG.invalidPushSubscription),
  ),
  keys: v.object({
    p256dh: v.pipe(
      v.string(ALARM_MSG.invalidPushSubscription),
      v.regex(/^[A-Za-z0-9_-]{40,200}={0,2}$/, ALARM_MSG.invalidPushSubscription),
    ),
    auth: v.pipe(
      v.string(ALARM_MSG.invalidPushSubscription),
      v.regex(/^[A-Za-z0-9_-]{8,100}={0,2}$/, ALARM_MSG.invalidPushSubscription),
    ),
  }),
});
export type PushSubscriptionInput = v.InferOutput<typeof PushSubscriptionSchema>;

export const PushUnsubscribeSchema = v.object({ endpoint: v.pipe(v.string(), v.maxLength(2000)) });

/** The server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const PushKeySchema = v.object({ publicKey: v.string() });

export const PushResultSchema = v.object({ ok: v.boolean() });

/** What the service worker receives in a push: shown as a notification; a click opens `url`. */
export interface AlarmPushPayload {
  title: string;
  body: string;
  url: string;
  alarmId: string;
  liftId: string;
}
