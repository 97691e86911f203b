import mqtt, { type MqttClient } from 'mqtt';
import {
  type DeviceAck,
  type EventReading,
  MQTT_OFFLINE,
  MQTT_ONLINE,
  type MqttTopicKind,
  mqttTopic,
  type ParamsReading,
  type StatsReading,
} from '../../contract/device';
import { defaultParameters, type LiftParameters } from '../../contract/parameters';
import { FaultModel } from './fault-model';

type ReadingKind = 'stats' | 'event' | 'params';
type Body<T> = Omit<T, 'seq' | 'ts'> & { ts?: number };
type Outgoing = { kind: ReadingKind; reading: StatsReading | EventReading | ParamsReading };

export interface MqttControllerOptions {
  imei: string;
  /** The device key: the MQTT password when the broker checks accounts (docs/device-protocol.md#mqtt). */
  key: string;
  /** The broker, such as mqtt://127.0.0.1:1883. */
  url: string;
  codes?: { errors: number[]; infos: number[] };
  /** An unacknowledged reading is published again after this long (the portal may have lost it). */
  ackTimeoutMs?: number;
  startSeq?: number;
}

/**
 * A lift controller speaking MQTT, as the firmware should (docs/device-protocol.md#mqtt): client id
 * and username = imei, password = device key, `status` retained with a Last Will; readings with
 * QoS 1, kept in an outbox until `lifts/{imei}/ack` names their seq, and published again with the
 * same seq after every reconnect and after an acknowledgement timeout.
 */
export class MqttController {
  readonly imei: string;
  trips = 0;
  operatingHours = 0;
  parameters: LiftParameters = defaultParameters();
  readonly outbox = new Map<number, Outgoing & { sentAt: number }>();
  readonly acked = new Set<number>();
  readonly refused: { seq: number | null; error: string }[] = [];
  /** Every acknowledgement received, in order (tests). */
  readonly answers: DeviceAck[] = [];
  connects = 0;
  /** The broker's last refusal or connection error. */
  lastError: Error | undefined;
  private seq: number;
  private client: MqttClient | undefined;
  private readonly options: MqttControllerOptions;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly answerWaiters: { seq: number | null; resolve: (ack: DeviceAck) => void }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private resendTimer: NodeJS.Timeout | undefined;
  private readonly faultModel: FaultModel | null;

  constructor(options: MqttControllerOptions) {
    this.options = options;
    this.imei = options.imei;
    this.seq = options.startSeq ?? 1;
    this.faultModel = options.codes ? new FaultModel(options.codes) : null;
  }

  get connected() {
    return this.client?.connected ?? false;
  }

  private topic(kind: MqttTopicKind) {
    return mqttTopic(this.imei, kind);
  }

  /** Connects and subscribes to its acknowledgements; rejects with the broker's refusal. */
  connect(): Promise<void> {
    const client = mqtt.connect(this.options.url, {
      protocolVersion: 5,
      clientId: this.imei,
      username: this.imei,
      password: this.options.key,
      clean: true,
      reconnectPeriod: 500,
      connectTimeout: 5000,
      will: { topic: this.topic('status'), payload: Buffer.from(MQTT_OFFLINE), qos: 1, retain: true },
    });
    this.client = client;
    // Refusals after the first connect (a rotated key) end up here; reconnecting goes on.
    client.on('error', (error) => {
      this.lastError = error;
    });
    client.on('message', (topic, payload) => {
      if (topic !== this.topic('ack')) return;
      try {
        this.onAck(JSON.parse(payload.toString('utf8')) as DeviceAck);
      } catch {
        // not ours to judge: an unreadable acknowledgement is ignored, the reading is resent
      }
    });
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        client.end(true);
        reject(error);
      };
      client.once('error', fail);
      client.on('connect', () => {
        this.connects += 1;
        // Subscribed before anything is sent, so that no acknowledgement is missed.
        client
          .subscribeAsync(this.topic('ack'), { qos: 1 })
          .then(() => client.publishAsync(this.topic('status'), MQTT_ONLINE, { qos: 1, retain: true }))
          .then(() => {
            client.off('error', fail);
            resolve();
            this.resend();
          })
          .catch(() => {});
      });
      this.resendTimer = setInterval(() => this.resendLate(), 1000);
      this.resendTimer.unref();
    });
  }

  /** Drops the connection as a lost signal would (the broker publishes the Last Will). */
  drop() {
    this.client?.stream.destroy();
  }

  /** Goes away for good: the status goes `offline` first. */
  async close() {
    this.stop();
    if (this.resendTimer) clearInterval(this.resendTimer);
    const client = this.client;
    if (!client) return;
    if (client.connected) {
      await client.publishAsync(this.topic('status'), MQTT_OFFLINE, { qos: 1, retain: true }).catch(() => {});
    }
    await client.endAsync(true);
  }

  sendStats(body: Body<StatsReading> = { trips: this.trips, operatingHours: this.operatingHours }): number {
    return this.enqueue('stats', body);
  }

  sendEvent(body: Body<EventReading>): number {
    return this.enqueue('event', body);
  }

  sendParams(parameters: LiftParameters = this.parameters): number {
    return this.enqueue('params', parameters);
  }

  /** Publishes anything (tests of invalid readings); answers the acknowledgement naming `seq`. */
  sendRaw(kind: ReadingKind, payload: string | object, seq: number | null = null): Promise<DeviceAck> {
    const answer = new Promise<DeviceAck>((resolve) => this.answerWaiters.push({ seq, resolve }));
    this.client?.publish(this.topic(kind), typeof payload === 'string' ? payload : JSON.stringify(payload), {
      qos: 1,
    });
    return answer;
  }

  /** One lift trip: counters grow, faults come and go (server/demo/fault-model.ts). */
  ride() {
    this.trips += 1;
    this.operatingHours = Math.round((this.operatingHours + 0.01) * 1000) / 1000;
    this.sendStats();
    for (const event of this.faultModel?.step(Date.now()) ?? []) this.sendEvent(event);
  }

  start(intervalMs: number) {
    this.stop();
    this.timer = setInterval(() => this.ride(), intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  idle(): Promise<void> {
    if (this.outbox.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private enqueue(kind: ReadingKind, body: object & { ts?: number }): number {
    const seq = this.seq++;
    const reading = { ...body, seq, ts: body.ts ?? Date.now() } as Outgoing['reading'];
    this.outbox.set(seq, { kind, reading, sentAt: 0 });
    if (this.connected) this.transmit(seq);
    return seq;
  }

  /** Everything unacknowledged, oldest first, with the same seq. */
  resend() {
    for (const seq of [...this.outbox.keys()].sort((a, b) => a - b)) this.transmit(seq);
  }

  private resendLate() {
    if (!this.connected) return;
    const due = Date.now() - (this.options.ackTimeoutMs ?? 10_000);
    for (const [seq, entry] of this.outbox) if (entry.sentAt < due) this.transmit(seq);
  }

  private transmit(seq: number) {
    const entry = this.outbox.get(seq);
    if (!entry || !this.client) return;
    entry.sentAt = Date.now();
    this.client.publish(this.topic(entry.kind), JSON.stringify(entry.reading), { qos: 1 });
  }

  private onAck(answer: DeviceAck) {
    this.answers.push(answer);
    const waiter = this.answerWaiters.findIndex((w) => w.seq === answer.seq);
    if (waiter >= 0) this.answerWaiters.splice(waiter, 1)[0]?.resolve(answer);
    if (answer.seq === null || !this.outbox.has(answer.seq)) return;
    if (answer.ok) {
      this.acked.add(answer.seq);
      this.outbox.delete(answer.seq);
    } else if (!/server/i.test(answer.error)) {
      // Refused as invalid: resending would not help.
      this.refused.push({ seq: answer.seq, error: answer.error });
      this.outbox.delete(answer.seq);
    }
    // A server error leaves it in the outbox: published again after the timeout.
    if (this.outbox.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
