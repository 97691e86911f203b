import { io, type Socket } from 'socket.io-client';
import {
  type ControllerAck,
  DEVICE_NAMESPACE,
  type DeviceAck,
  type DeviceCommand,
  type DeviceToServerEvents,
  type EventReading,
  type ParamsReading,
  type ServerToDeviceEvents,
  type StatsReading,
} from '../../contract/device';
import { defaultParameters, type LiftParameters } from '../../contract/parameters';
import { FaultModel, type FaultModelOptions } from './fault-model';

type DeviceClient = Socket<ServerToDeviceEvents, DeviceToServerEvents>;
type ReadingKind = 'stats' | 'event' | 'params';
type Body<T> = Omit<T, 'seq' | 'ts'> & { ts?: number };
type Outgoing = { kind: ReadingKind; reading: StatsReading | EventReading | ParamsReading };

export interface VirtualControllerOptions {
  imei: string;
  key: string;
  /** The server's origin, such as http://127.0.0.1:3000. */
  url: string;
  /** Error and info codes to raise; from GET /api/descriptions or a list. */
  codes?: { errors: number[]; infos: number[] };
  /** Milliseconds to wait for an acknowledgement before the reading waits for the next resend. */
  ackTimeoutMs?: number;
  /** Reconnect on its own after a dropped connection (socket.io's reconnection). */
  reconnect?: boolean;
  /** First seq; a real controller keeps its counter in flash across reboots. */
  startSeq?: number;
  /** Rates, clock-free random source of the faults raised with `codes` (server/demo/fault-model.ts). */
  faults?: FaultModelOptions;
  /** The clock of `ride()`; `Date.now` unless a test controls it. */
  now?: () => number;
}

/**
 * A lift controller as the firmware behaves (docs/device-protocol.md): connects to `/device`, reports stats
 * and events with its own increasing seq, keeps every reading in an outbox until the server
 * acknowledged it and resends the outbox after each reconnect, and answers `params:set` and
 * `command`.
 */
export class VirtualController {
  readonly imei: string;
  trips = 0;
  operatingHours = 0;
  parameters: LiftParameters = defaultParameters();
  readonly activeErrors = new Set<number>();
  /** Sent and not yet acknowledged, by seq. */
  readonly outbox = new Map<number, Outgoing>();
  readonly acked = new Set<number>();
  readonly refused: { seq: number | null; error: string }[] = [];
  readonly commands: DeviceCommand[] = [];
  /** How many times the connection was established. */
  connects = 0;
  /** Answer for `params:set` and `command`; the default accepts. */
  answer: (event: 'params:set' | 'command', payload: unknown) => ControllerAck | null = () => ({ ok: true });
  private seq: number;
  private readonly socket: DeviceClient;
  private readonly options: VirtualControllerOptions;
  private readonly idleWaiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly faultModel: FaultModel | null;
  private readonly now: () => number;

  constructor(options: VirtualControllerOptions) {
    this.options = options;
    this.imei = options.imei;
    this.seq = options.startSeq ?? 1;
    this.now = options.now ?? Date.now;
    this.faultModel = options.codes ? new FaultModel(options.codes, options.faults) : null;
    this.socket = io(`${options.url}${DEVICE_NAMESPACE}`, {
      path: '/socket.io',
      auth: { imei: options.imei, key: options.key },
      transports: ['websocket'],
      autoConnect: false,
      forceNew: true,
      reconnection: options.reconnect ?? true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 2000,
    });
    this.socket.on('connect', () => {
      this.connects += 1;
      this.resend();
    });
    this.socket.on('params:set', (parameters, ack) => {
      const answer = this.answer('params:set', parameters);
      if (!answer) return; // stays silent: the server times out
      if (answer.ok) this.parameters = parameters;
      ack(answer);
    });
    this.socket.on('command', (command, ack) => {
      this.commands.push(command);
      const answer = this.answer('command', command);
      if (!answer) return;
      if (answer.ok && command.name === 'resendParams') this.sendParams();
      ack(answer);
    });
  }

  get connected() {
    return this.socket.connected;
  }

  get nextSeq() {
    return this.seq;
  }

  /** Connects; resolves once connected, rejects with the server's refusal. */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = () => {
        this.socket.off('connect', done);
        this.socket.off('connect_error', fail);
        resolve();
      };
      const fail = (error: Error) => {
        this.socket.off('connect', done);
        this.socket.off('connect_error', fail);
        reject(error);
      };
      this.socket.on('connect', done);
      this.socket.on('connect_error', fail);
      this.socket.connect();
    });
  }

  /** Drops the connection as a lost signal would; `resume` connects again. */
  drop() {
    this.socket.disconnect();
  }

  resume(): Promise<void> {
    return this.socket.connected ? Promise.resolve() : this.connect();
  }

  close() {
    this.closed = true;
    this.stop();
    this.socket.disconnect();
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

  /** Sends anything (tests of invalid readings); answers the acknowledgement. */
  sendRaw(kind: ReadingKind, reading: unknown): Promise<DeviceAck> {
    // biome-ignore lint/suspicious/noExplicitAny: deliberately unchecked
    return this.socket.timeout(10_000).emitWithAck(kind as 'stats', reading as any);
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
  }

  /** Rides every `intervalMs`; drops the connection now and then when `flaky`. */
  start(intervalMs: number, { flaky = false } = {}) {
    this.stop();
    if (this.closed) return;
    this.timer = setInterval(() => {
      this.ride();
      if (flaky && Math.random() < 0.002) {
        this.drop();
        setTimeout(
          () => {
            if (!this.closed) this.resume().catch(() => {});
          },
          500 + Math.random() * 2000,
        ).unref();
      }
    }, intervalMs);
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

  private enqueue(kind: ReadingKind, body: object & { ts?: number }): number {
    const seq = this.seq++;
    const reading = { ...body, seq, ts: body.ts ?? Date.now() } as Outgoing['reading'];
    this.outbox.set(seq, { kind, reading });
    if (this.socket.connected) this.transmit(seq, kind, reading);
    return seq;
  }

  /** Resends everything unacknowledged, oldest first. */
  resend() {
    for (const [seq, { kind, reading }] of [...this.outbox.entries()].sort((a, b) => a[0] - b[0])) {
      this.transmit(seq, kind, reading);
    }
  }

  private transmit(seq: number, kind: ReadingKind, reading: Outgoing['reading']) {
    this.socket
      .timeout(this.options.ackTimeoutMs ?? 10_000)
      // biome-ignore lint/suspicious/noExplicitAny: one of three events with the same (reading, ack) shape
      .emit(kind as 'stats', reading as any, (error: Error | null, answer: DeviceAck) => {
        if (error || !this.outbox.has(seq)) return; // no answer: resent after the next reconnect
        if (answer.ok) {
          this.acked.add(seq);
          this.outbox.delete(seq);
        } else if (answer.error && answer.seq === seq && !/server/i.test(answer.error)) {
          // Refused as invalid: resending would not help.
          this.refused.push({ seq: answer.seq, error: answer.error });
          this.outbox.delete(seq);
        } else {
          // Not committed on the server: try again a little later.
          setTimeout(() => {
            if (this.socket.connected && this.outbox.has(seq)) this.transmit(seq, kind, reading);
          }, 500).unref();
        }
        if (this.outbox.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
  }
}
