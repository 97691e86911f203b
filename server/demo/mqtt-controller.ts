import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import {
  type ControllerRequest,
  type DeviceAck,
  MQTT_OFFLINE,
  MQTT_ONLINE,
  MQTT_REQUEST_TOPICS,
  type MqttReply,
  type MqttTopicKind,
  mqttTopic,
} from '../../contract/device';
import { ControllerOutbox, type ControllerOutboxOptions, type ReadingKind } from './controller-outbox';

export interface MqttControllerOptions extends ControllerOutboxOptions {
  /** The device key: the MQTT password when the broker checks accounts (docs/device-protocol.md#mqtt). */
  key: string;
  /** The broker, such as mqtt://127.0.0.1:1883. */
  url: string;
  /** An unacknowledged reading is published again after this long (the portal may have lost it). */
  ackTimeoutMs?: number;
  /** 5 (default) or 4 for MQTT 3.1.1, whose requests name their correlation id in the JSON only. */
  protocolVersion?: 4 | 5;
}

const REQUESTS = Object.entries(MQTT_REQUEST_TOPICS) as [ControllerRequest, MqttTopicKind][];

/**
 * A lift controller speaking MQTT, as the firmware should (docs/device-protocol.md#mqtt): client id
 * and username = imei, password = device key, `status` retained with a Last Will; readings with
 * QoS 1, kept in an outbox until `lifts/{imei}/ack` names their seq, and published again with the
 * same seq after every reconnect and after an acknowledgement timeout. It takes the portal's
 * `params:set` and `command` from `lifts/{imei}/params/set` and `lifts/{imei}/command` and answers
 * on the response topic (MQTT 5) or `lifts/{imei}/reply` (3.1.1), naming the request's id.
 */
export class MqttController extends ControllerOutbox {
  /** Every acknowledgement received, in order (tests). */
  readonly answers: DeviceAck[] = [];
  /** The broker's last refusal or connection error. */
  lastError: Error | undefined;
  private client: MqttClient | undefined;
  private readonly options: MqttControllerOptions;
  private readonly answerWaiters: { seq: number | null; resolve: (ack: DeviceAck) => void }[] = [];
  private resendTimer: NodeJS.Timeout | undefined;

  constructor(options: MqttControllerOptions) {
    super(options);
    this.options = options;
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
      protocolVersion: this.options.protocolVersion ?? 5,
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
    client.on('message', (topic, payload, packet) => {
      const request = REQUESTS.find(([, kind]) => topic === this.topic(kind));
      if (request) {
        this.onPortalRequest(request[0], payload, packet);
        return;
      }
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
        // Subscribed before anything is sent, so that no acknowledgement is missed, and before
        // `online`, on which the portal may send requests. A broker that refuses the request
        // topics (a lift role from before them) still takes the readings.
        const requestTopics = REQUESTS.map(([, kind]) => this.topic(kind));
        client
          .subscribeAsync(this.topic('ack'), { qos: 1 })
          .then(() =>
            client
              .subscribeAsync(Object.fromEntries(requestTopics.map((topic) => [topic, { qos: 1 as const }])))
              .catch((error: Error) => {
                this.lastError = error;
              }),
          )
          .then(() => client.publishAsync(this.topic('status'), MQTT_ONLINE, { qos: 1, retain: true }))
          .then(() => {
            this.connects += 1;
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

  /** Publishes anything (tests of invalid readings); answers the acknowledgement naming `seq`. */
  sendRaw(kind: ReadingKind, payload: string | object, seq: number | null = null): Promise<DeviceAck> {
    const answer = new Promise<DeviceAck>((resolve) => this.answerWaiters.push({ seq, resolve }));
    this.client?.publish(this.topic(kind), typeof payload === 'string' ? payload : JSON.stringify(payload), {
      qos: 1,
    });
    return answer;
  }

  private resendLate() {
    if (!this.connected) return;
    const due = Date.now() - (this.options.ackTimeoutMs ?? 10_000);
    for (const [seq, entry] of this.outbox) if (entry.sentAt < due) this.transmit(seq);
  }

  protected transmit(seq: number) {
    const entry = this.outbox.get(seq);
    if (!entry || !this.client) return;
    entry.sentAt = Date.now();
    this.client.publish(this.topic(entry.kind), JSON.stringify(entry.reading), { qos: 1 });
  }

  /** A request of the portal: applied or run as `onRequest` decides, then answered naming its id. */
  private onPortalRequest(event: ControllerRequest, payload: Buffer, packet: IPublishPacket) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    } catch {
      return; // no id to answer: the portal times out
    }
    const { id, ...request } = body;
    const answer = this.onRequest(event, request);
    if (!answer || !this.client) return;
    const correlationData = packet.properties?.correlationData;
    const reply: MqttReply = { ...(typeof id === 'string' ? { id } : {}), ...answer };
    this.client.publish(packet.properties?.responseTopic ?? this.topic('reply'), JSON.stringify(reply), {
      qos: 1,
      ...(correlationData ? { properties: { correlationData } } : {}),
    });
  }

  private onAck(answer: DeviceAck) {
    this.answers.push(answer);
    const waiter = this.answerWaiters.findIndex((w) => w.seq === answer.seq);
    if (waiter >= 0) this.answerWaiters.splice(waiter, 1)[0]?.resolve(answer);
    // A server error leaves it in the outbox: published again after the timeout (`resendLate`).
    if (answer.seq !== null && this.outbox.has(answer.seq)) this.settle(answer.seq, answer);
  }
}
