import * as v from 'valibot';
import { MSG } from './messages';
import { LiftParametersSchema } from './parameters';

/**
 * The protocol between lift controllers (ESP32 on a mobile SIM) and the portal (docs/device-protocol.md).
 * Controllers connect with socket.io to the `/device` namespace and `auth: { imei, key }`.
 * Every reading carries the controller's own increasing `seq` and its clock `ts` (epoch ms);
 * the server answers through the acknowledgement callback only after the reading is committed,
 * and the same `(imei, seq)` twice is stored once and acknowledged again. A controller resends
 * whatever was not acknowledged, so nothing is lost across dropped connections or restarts.
 */
export const DEVICE_NAMESPACE = '/device';

export const ImeiSchema = v.pipe(v.string(MSG.required), v.regex(/^\d{15}$/, MSG.invalidImei));

export const DeviceAuthSchema = v.object({
  imei: ImeiSchema,
  key: v.pipe(v.string(MSG.required), v.minLength(16, MSG.invalidValue), v.maxLength(128, MSG.invalidValue)),
});

const seq = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const ts = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8_640_000_000_000_000));
const counter = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1e12));

/** `stats`: cumulative counters since installation. */
export const StatsReadingSchema = v.object({
  seq,
  ts,
  trips: v.pipe(counter, v.integer()),
  operatingHours: counter,
});
export type StatsReading = v.InferOutput<typeof StatsReadingSchema>;

export const EVENT_TYPES = ['error', 'info'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The emergency-call system's own info events (EN 81-28, docs/device-protocol.md#emergency-call):
 * `lineTest`, the automatic test call of the line, with its `result`; `call`, the alarm button in
 * the car pressed and the call placed (`active: true`: passengers may be trapped), reset on site
 * (`active: false`). Both are `type: 'info'`: they are not faults of the lift's drive, and take the
 * alarm path of their own (docs/alarms.md).
 */
export const EMERGENCY_CALL_CODES = { lineTest: 520, call: 521 } as const;
export const LINE_TEST_RESULTS = ['ok', 'failed'] as const;
export type LineTestResult = (typeof LINE_TEST_RESULTS)[number];
const EMERGENCY_CODES: readonly number[] = Object.values(EMERGENCY_CALL_CODES);

/** `event`: a code raised (`active: true`) or cleared (`active: false`); `code` is a description's number. */
export const EventReadingSchema = v.pipe(
  v.object({
    seq,
    ts,
    code: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(65_535)),
    type: v.picklist(EVENT_TYPES),
    active: v.boolean(),
    floor: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-10), v.maxValue(200))),
    /** Only with the line test (`EMERGENCY_CALL_CODES.lineTest`), which must carry it. */
    result: v.optional(v.picklist(LINE_TEST_RESULTS)),
  }),
  v.check(
    (event) => !EMERGENCY_CODES.includes(event.code) || event.type === 'info',
    'The emergency-call events are of type info',
  ),
  v.check(
    (event) => (event.code === EMERGENCY_CALL_CODES.lineTest) === (event.result !== undefined),
    'The line test, and only it, carries a result (ok or failed)',
  ),
);
export type EventReading = v.InferOutput<typeof EventReadingSchema>;

/** Whether the event is one of the emergency-call system's (EMERGENCY_CALL_CODES). */
export const isEmergencyCallEvent = (event: { type: EventType; code: number }) =>
  event.type === 'info' && EMERGENCY_CODES.includes(event.code);

/** `params`: the parameters in force on the controller. */
export const ParamsReadingSchema = v.object({
  seq,
  ts,
  ...LiftParametersSchema.entries,
});
export type ParamsReading = v.InferOutput<typeof ParamsReadingSchema>;

export type DeviceAck = { ok: true; seq: number } | { ok: false; seq: number | null; error: string };

/** Server to controller: set parameters (the three groups) or run a command. */
export const ParamsSetSchema = LiftParametersSchema;
export const DEVICE_COMMANDS = ['reboot', 'resendParams', 'resetTripCounter', 'testAlarm'] as const;
export const DeviceCommandSchema = v.object({
  name: v.picklist(DEVICE_COMMANDS),
  args: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]))),
});
export type DeviceCommand = v.InferOutput<typeof DeviceCommandSchema>;
/** A controller's answer to `params:set` or `command`, passed on by the REST calls that sent them. */
export const ControllerAckSchema = v.object({ ok: v.boolean(), error: v.optional(v.string()) });
export type ControllerAck = v.InferOutput<typeof ControllerAckSchema>;

export interface DeviceToServerEvents {
  stats: (reading: StatsReading, ack: (answer: DeviceAck) => void) => void;
  event: (reading: EventReading, ack: (answer: DeviceAck) => void) => void;
  params: (reading: ParamsReading, ack: (answer: DeviceAck) => void) => void;
}

export interface ServerToDeviceEvents {
  'params:set': (
    parameters: v.InferOutput<typeof ParamsSetSchema>,
    ack: (answer: ControllerAck) => void,
  ) => void;
  command: (command: DeviceCommand, ack: (answer: ControllerAck) => void) => void;
}

/** Reasons the server gives when it refuses a controller's handshake. */
export const DEVICE_AUTH_ERROR = 'Unknown device or wrong key';

/**
 * MQTT, the second transport (docs/device-protocol.md#mqtt): a controller publishes its readings
 * as JSON to `lifts/{imei}/stats|event|params` (QoS 1) and gets the same acknowledgement as the
 * socket's on `lifts/{imei}/ack`. It keeps `lifts/{imei}/status` at `online` (retained), with a
 * Last Will of `offline` (retained).
 */
export const MQTT_READING_KINDS = ['stats', 'event', 'params'] as const;
/** What the portal sends a controller (`params:set`, `command`), on either transport. */
export type ControllerRequest = keyof ServerToDeviceEvents;
/**
 * Over MQTT the portal publishes `params:set` to `lifts/{imei}/params/set` and `command` to
 * `lifts/{imei}/command` (QoS 1), and the controller answers on `lifts/{imei}/reply`.
 */
export const MQTT_REQUEST_TOPICS = {
  'params:set': 'params/set',
  command: 'command',
} as const satisfies Record<ControllerRequest, string>;
export type MqttTopicKind =
  | (typeof MQTT_READING_KINDS)[number]
  | 'ack'
  | 'status'
  | (typeof MQTT_REQUEST_TOPICS)[ControllerRequest]
  | 'reply';
export const mqttTopic = (imei: string, kind: MqttTopicKind) => `lifts/${imei}/${kind}`;
export const MQTT_ONLINE = 'online';
export const MQTT_OFFLINE = 'offline';

/**
 * A request's JSON over MQTT is the socket's payload plus `id`, the correlation id the answer names
 * (MQTT 5 also carries it as correlation data). The answer on `lifts/{imei}/reply` is
 * `{ id, ok, error? }` (docs/device-protocol.md#over-mqtt).
 */
export const MqttReplySchema = v.object({
  id: v.optional(v.string()),
  ok: v.boolean(),
  error: v.optional(v.string()),
});
export type MqttReply = v.InferOutput<typeof MqttReplySchema>;
