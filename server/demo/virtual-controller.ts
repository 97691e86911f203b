import { io, type Socket } from 'socket.io-client';
import {
  DEVICE_NAMESPACE,
  type DeviceAck,
  type DeviceToServerEvents,
  type ServerToDeviceEvents,
} from '../../contract/device';
import { ControllerOutbox, type ControllerOutboxOptions, type ReadingKind } from './controller-outbox';

type DeviceClient = Socket<ServerToDeviceEvents, DeviceToServerEvents>;

export interface VirtualControllerOptions extends ControllerOutboxOptions {
  key: string;
  /** The server's origin, such as http://127.0.0.1:3000. */
  url: string;
  /** Milliseconds to wait for an acknowledgement before the reading waits for the next resend. */
  ackTimeoutMs?: number;
  /** Reconnect on its own after a dropped connection (socket.io's reconnection). */
  reconnect?: boolean;
}

/**
 * A lift controller as the firmware behaves (docs/device-protocol.md): connects to `/device`, reports stats
 * and events with its own increasing seq, keeps every reading in an outbox until the server
 * acknowledged it and resends the outbox after each reconnect, and answers `params:set` and
 * `command`.
 */
export class VirtualController extends ControllerOutbox {
  private readonly socket: DeviceClient;
  private readonly options: VirtualControllerOptions;
  private closed = false;
  private flaky = false;

  constructor(options: VirtualControllerOptions) {
    super(options);
    this.options = options;
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
      const answer = this.onRequest('params:set', parameters);
      if (answer) ack(answer); // silent: the server times out
    });
    this.socket.on('command', (command, ack) => {
      const answer = this.onRequest('command', command);
      if (answer) ack(answer);
    });
  }

  get connected() {
    return this.socket.connected;
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

  /** Sends anything (tests of invalid readings); answers the acknowledgement. */
  sendRaw(kind: ReadingKind, reading: unknown): Promise<DeviceAck> {
    // biome-ignore lint/suspicious/noExplicitAny: deliberately unchecked
    return this.socket.timeout(10_000).emitWithAck(kind as 'stats', reading as any);
  }

  /** Rides every `intervalMs`; drops the connection now and then when `flaky`. */
  override start(intervalMs: number, { flaky = false } = {}) {
    this.stop();
    if (this.closed) return;
    this.flaky = flaky;
    super.start(intervalMs);
  }

  protected override tick() {
    super.tick();
    if (this.flaky && Math.random() < 0.002) {
      this.drop();
      setTimeout(
        () => {
          if (!this.closed) this.resume().catch(() => {});
        },
        500 + Math.random() * 2000,
      ).unref();
    }
  }

  protected transmit(seq: number) {
    const entry = this.outbox.get(seq);
    if (!entry) return;
    entry.sentAt = Date.now();
    this.socket
      .timeout(this.options.ackTimeoutMs ?? 10_000)
      // biome-ignore lint/suspicious/noExplicitAny: one of three events with the same (reading, ack) shape
      .emit(entry.kind as 'stats', entry.reading as any, (error: Error | null, answer: DeviceAck) => {
        if (error || !this.outbox.has(seq)) return; // no answer: resent after the next reconnect
        // An error naming no seq (or another) says nothing of this reading: it is tried again.
        const outcome = answer.ok || answer.seq === seq ? this.settle(seq, answer) : 'retry';
        if (outcome === 'retry') {
          // Not committed on the server: try again a little later.
          setTimeout(() => {
            if (this.socket.connected && this.outbox.has(seq)) this.transmit(seq);
          }, 500).unref();
        }
      });
  }
}
