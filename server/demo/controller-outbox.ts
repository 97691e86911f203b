import {
  type ControllerAck,
  type ControllerRequest,
  type DeviceAck,
  type DeviceCommand,
  EMERGENCY_CALL_CODES,
  type EventReading,
  type ParamsReading,
  type StatsReading,
} from '../../contract/device';
import { defaultParameters, type LiftParameters } from '../../contract/parameters';
import { FaultModel, type FaultModelOptions } from './fault-model';

export type ReadingKind = 'stats' | 'event' | 'params';
export type ReadingBody<T> = Omit<T, 'seq' | 'ts'> & { ts?: number };
export type Outgoing = {
  kind: ReadingKind;
  reading: StatsReading | EventReading | ParamsReading;
  /** When it was last handed to the transport (0: not yet). */
  sentAt: number;
};

export interface ControllerOutboxOptions {
  imei: string;
  /** Error and info codes to raise; from GET /api/descriptions or a list. */
  codes?: { errors: number[]; infos: number[] };
  /** Rates and random source of the faults raised with `codes` (server/demo/fault-model.ts). */
  faults?: FaultModelOptions;
  /** First seq; a real controller keeps its counter in flash across reboots. */
  startSeq?: number;
  /** The clock of `ride()`; `Date.now` unless a test controls it. */
  now?: () => number;
  /**
   * The emergency-call system's automatic line test (docs/device-protocol.md#emergency-call): the
   * first at the first ride, then every `everyMs` of the controller's clock; `missShare` of them
   * are never placed and `failShare` fail. None when unset.
   */
  lineTest?: { everyMs: number; missShare: number; failShare: number; random?: () => number };
}

/** EN 81-28: the line is tested at least every three days; a few tests are missed or fail. */
export const DEMO_LINE_TEST = { everyMs: 72 * 60 * 60_000, missShare: 0.05, failShare: 0.05 };

/**
 * What a lift controller does whatever it speaks (docs/device-protocol.md): counters that grow
 * with each ride, faults from the fault model, and every reading kept in an outbox under its own
 * increasing seq until the portal acknowledged it, and the portal's `params:set` and `command`
 * answered. The socket.io and the MQTT controller (virtual-controller.ts, mqtt-controller.ts) add
 * the transport: `transmit`, when to resend, and how requests arrive and are answered.
 */
export abstract class ControllerOutbox {
  readonly imei: string;
  trips = 0;
  operatingHours = 0;
  parameters: LiftParameters = defaultParameters();
  readonly activeErrors = new Set<number>();
  /** Sent and not yet acknowledged, by seq. */
  readonly outbox = new Map<number, Outgoing>();
  readonly acked = new Set<number>();
  readonly refused: { seq: number | null; error: string }[] = [];
  /** How many times the connection was established (over MQTT: subscribed and `online` published). */
  connects = 0;
  /** The portal's commands received, in order. */
  readonly commands: DeviceCommand[] = [];
  /** Answer for `params:set` and `command`; the default accepts; `null` stays silent (the portal times out). */
  answer: (event: ControllerRequest, payload: unknown) => ControllerAck | null = () => ({ ok: true });
  protected seq: number;
  protected readonly now: () => number;
  private readonly faultModel: FaultModel | null;
  private readonly lineTest: ControllerOutboxOptions['lineTest'];
  private nextLineTestAt: number | null = null;
  private readonly idleWaiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(options: ControllerOutboxOptions) {
    this.imei = options.imei;
    this.seq = options.startSeq ?? 1;
    this.now = options.now ?? Date.now;
    this.faultModel = options.codes ? new FaultModel(options.codes, options.faults) : null;
    this.lineTest = options.lineTest;
  }

  abstract get connected(): boolean;

  /** Hands the outbox's reading `seq` to the transport. */
  protected abstract transmit(seq: number): void;

  get nextSeq() {
    return this.seq;
  }

  sendStats(
    body: ReadingBody<StatsReading> = { trips: this.trips, operatingHours: this.operatingHours },
  ): number {
    return this.enqueue('stats', body);
  }

  sendEvent(body: ReadingBody<EventReading>): number {
    return this.enqueue('event', body);
  }

  sendParams(parameters: LiftParameters = this.parameters): number {
    return this.enqueue('params', parameters);
  }

  /**
   * One lift trip: counters grow; faults come and go at a real lift's rate per hour, whatever the
   * ride interval (fault-model.ts).
   */
  ride() {
    this.trips += 1;
    this.operatingHours = Math.round((this.operatingHours + 0.01) * 1000) / 1000;
    this.sendStats();
    for (const event of this.faultModel?.step(this.now()) ?? []) {
      if (event.type === 'error') {
        if (event.active) this.activeErrors.add(event.code);
        else this.activeErrors.delete(event.code);
      }
      this.sendEvent(event);
    }
    this.testLineWhenDue();
  }

  /** The line test when due: sent with its result, or now and then missed (never sent). */
  private testLineWhenDue() {
    const test = this.lineTest;
    const now = this.now();
    if (!test || (this.nextLineTestAt !== null && now < this.nextLineTestAt)) return;
    this.nextLineTestAt = now + test.everyMs;
    const draw = (test.random ?? Math.random)();
    if (draw < test.missShare) return;
    const result = draw < test.missShare + test.failShare ? 'failed' : 'ok';
    this.sendEvent({ type: 'info', code: EMERGENCY_CALL_CODES.lineTest, active: true, result, ts: now });
  }

  /** Rides every `intervalMs` until `stop`. */
  start(intervalMs: number) {
    this.stop();
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Resolves when the outbox is empty. */
  idle(): Promise<void> {
    if (this.outbox.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Everything unacknowledged, oldest first, again with its seq. */
  resend() {
    for (const seq of [...this.outbox.keys()].sort((a, b) => a - b)) this.transmit(seq);
  }

  /**
   * A request of the portal, whichever transport brought it: parameters taken and commands run
   * when the answer accepts them. Answers what to reply, or `null` for no reply.
   */
  protected onRequest(event: ControllerRequest, payload: unknown): ControllerAck | null {
    if (event === 'command') this.commands.push(payload as DeviceCommand);
    const answer = this.answer(event, payload);
    if (!answer?.ok) return answer;
    if (event === 'params:set') this.parameters = payload as LiftParameters;
    else if ((payload as DeviceCommand).name === 'resendParams') this.sendParams();
    return answer;
  }

  /** What a timer step does: a ride. */
  protected tick() {
    this.ride();
  }

  protected enqueue(kind: ReadingKind, body: object & { ts?: number }): number {
    const seq = this.seq++;
    const reading = { ...body, seq, ts: body.ts ?? Date.now() } as Outgoing['reading'];
    this.outbox.set(seq, { kind, reading, sentAt: 0 });
    if (this.connected) this.transmit(seq);
    return seq;
  }

  /**
   * The portal's answer to the reading `seq`: acknowledged, or refused as invalid (resending would
   * not help) leave the outbox; a server error keeps it there for the transport to send again.
   */
  protected settle(seq: number, answer: DeviceAck): 'acked' | 'refused' | 'retry' {
    let outcome: 'acked' | 'refused' | 'retry' = 'retry';
    if (answer.ok) {
      this.acked.add(seq);
      this.outbox.delete(seq);
      outcome = 'acked';
    } else if (!/server/i.test(answer.error)) {
      this.refused.push({ seq: answer.seq, error: answer.error });
      this.outbox.delete(seq);
      outcome = 'refused';
    }
    if (this.outbox.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    return outcome;
  }
}
