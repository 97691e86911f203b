import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Namespace, Socket } from 'socket.io';
import * as v from 'valibot';
import type { ConnectedController, DeviceTraffic } from '../../contract/console';
import {
  type ControllerAck,
  DEVICE_AUTH_ERROR,
  DEVICE_NAMESPACE,
  type DeviceAck,
  DeviceAuthSchema,
  type DeviceCommand,
  type DeviceToServerEvents,
  EventReadingSchema,
  ParamsReadingSchema,
  type ServerToDeviceEvents,
  StatsReadingSchema,
} from '../../contract/device';
import { MSG } from '../../contract/messages';
import type { LiftParameters } from '../../contract/parameters';
import type { Database } from '../db/client';
import { lifts } from '../db/schema';
import { definePlugin } from '../lib/define-plugin';
import { hashDeviceKey } from '../modules/lifts/lifts.repository';
import { type LogEntry, writeLog } from '../modules/logs/write-log';
import { IngestQueue, type IngestStep, type Reading } from './ingest';
import { DEVS_ROOM } from './rooms';

interface DeviceSocketData {
  imei: string;
  liftId: string;
  uid: string;
  connectedAt: string;
}

type DeviceSocket = Socket<
  DeviceToServerEvents,
  ServerToDeviceEvents,
  Record<string, never>,
  DeviceSocketData
>;
type DeviceNamespace = Namespace<
  DeviceToServerEvents,
  ServerToDeviceEvents,
  Record<string, never>,
  DeviceSocketData
>;

/** How long the server waits for a controller to acknowledge `params:set` or `command`. */
export const CONTROLLER_ACK_TIMEOUT_MS = 5000;
/** A refused imei is logged at most once per this interval, so a misconfigured device cannot flood the table. */
const REFUSED_LOG_INTERVAL_MS = 60_000;
/** `device:traffic` to devs at most this often per second; the rest is dropped under load. */
const TRAFFIC_PER_SECOND = 50;

export interface DeviceGateway {
  /** The controllers connected to this process now. */
  connected(): ConnectedController[];
  isConnected(imei: string): boolean;
  sendParams(imei: string, parameters: LiftParameters): Promise<ControllerAck>;
  sendCommand(imei: string, command: DeviceCommand): Promise<ControllerAck>;
  /** Drops a controller's connection (its key was rotated or its lift deleted); it must sign in again. */
  disconnect(imei: string): void;
  /** Adds work done inside each ingest transaction (see `IngestStep` in ingest.ts). */
  addIngestStep(step: IngestStep): void;
  /** A lift got a new device key (registered or rotated); transports that keep accounts learn it. */
  keyIssued(imei: string, key: string): Promise<void>;
  /**
   * One reading of a signed-in controller, from any transport: validated, dated, committed; the
   * answer is the acknowledgement the controller gets (docs/device-protocol.md).
   */
  accept(controller: ControllerRef, kind: Reading['kind'], reading: unknown): Promise<DeviceAck>;
  /** A controller was refused (unknown imei, wrong key, bad handshake); logged at most once a minute per imei. */
  refused(imei: string | null, reason: string): void;
  /**
   * Marks a controller of another transport online or offline, as the socket's connect and disconnect
   * do; `ifChanged`: only when the row says otherwise (several processes hear the same news).
   */
  setControllerOnline(controller: ControllerRef, online: boolean, options?: { ifChanged?: boolean }): void;
  /** Another transport of controllers (server/realtime/mqtt-bridge.ts). */
  addTransport(transport: DeviceTransport): void;
}

/** The lift a controller speaks for. */
export interface ControllerRef {
  imei: string;
  liftId: string;
}

/** Another way for controllers to reach the portal; the gateway asks and tells it as it does its sockets. */
export interface DeviceTransport {
  connected(): ConnectedController[];
  /** The lift's key changed or the lift is gone: drop the controller and forget what is known of it. */
  forget(imei: string): void;
  keyIssued?(imei: string, key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    devices: DeviceGateway;
  }
}

const log = (db: Database, entry: Omit<LogEntry, 'source'>) => writeLog(db, { source: 'device', ...entry });

/**
 * The `/device` namespace (docs/device-protocol.md): controllers authenticate with `{ imei, key }`, send
 * readings that are acknowledged only after they are committed (group commit, see ingest.ts),
 * and receive `params:set` and `command`.
 */
export interface DeviceGatewayOptions {
  /** How far a reading's `ts` may lie before and after the server's clock. */
  clock: { pastMs: number; aheadMs: number };
}

export const deviceGatewayPlugin = definePlugin<DeviceGatewayOptions>(
  'device-gateway',
  async (app, { clock }) => {
    const db = app.db;
    const nsp = app.io.of(DEVICE_NAMESPACE) as unknown as DeviceNamespace;
    const live = app.liveLifts;
    const ingestSteps: IngestStep[] = [];
    const ingest = new IngestQueue(db, {
      steps: ingestSteps,
      onCommitted: ({ liftIds, messages }) => {
        live.message(messages);
        live.changed(liftIds);
      },
      onError: (error) => app.log.warn({ err: error }, 'device batch failed'),
    });
    const byImei = new Map<string, DeviceSocket>();
    const refusedLoggedAt = new Map<string, number>();
    let closing = false;
    const pendingWrites = new Set<Promise<unknown>>();
    const track = (work: Promise<unknown>) => {
      const tracked = work
        .catch((error) => app.log.warn({ err: error }, 'device state'))
        .finally(() => pendingWrites.delete(tracked));
      pendingWrites.add(tracked);
    };

    // A restarted server has no controller connected yet.
    await db.update(lifts).set({ online: false }).where(eq(lifts.online, true));

    let trafficWindow = 0;
    let trafficCount = 0;
    function traffic(imei: string, direction: DeviceTraffic['direction'], event: string, payload: unknown) {
      if ((app.io.sockets.adapter.rooms.get(DEVS_ROOM)?.size ?? 0) === 0) return;
      const second = Math.floor(Date.now() / 1000);
      if (second !== trafficWindow) {
        trafficWindow = second;
        trafficCount = 0;
      }
      if (++trafficCount > TRAFFIC_PER_SECOND) return;
      app.io
        .to(DEVS_ROOM)
        .emit('device:traffic', { at: new Date().toISOString(), imei, direction, event, payload });
    }

    const connected = (): ConnectedController[] => [...byImei.values()].map((socket) => ({ ...socket.data }));
    const announceControllers = () => app.io.to(DEVS_ROOM).emit('controllers', connected());

    function logRefused(imei: string | null, reason: string) {
      const k = imei ?? '(invalid)';
      const now = Date.now();
      const last = refusedLoggedAt.get(k);
      if (last !== undefined && now - last < REFUSED_LOG_INTERVAL_MS) return;
      if (refusedLoggedAt.size > 10_000) refusedLoggedAt.clear();
      refusedLoggedAt.set(k, now);
      track(
        log(db, { level: 'warn', event: 'device.refused', message: `Controller refused: ${reason}`, imei }),
      );
    }

    nsp.use(async (socket, next) => {
      if (closing) return next(new Error(DEVICE_AUTH_ERROR));
      const parsed = v.safeParse(DeviceAuthSchema, socket.handshake.auth);
      if (!parsed.success) {
        const imei = (socket.handshake.auth as { imei?: unknown } | undefined)?.imei;
        logRefused(typeof imei === 'string' && /^\d{15}$/.test(imei) ? imei : null, 'invalid handshake');
        return next(new Error(DEVICE_AUTH_ERROR));
      }
      const { imei, key } = parsed.output;
      try {
        const [lift] = await db
          .select({ id: lifts.id, uid: lifts.uid, hash: lifts.deviceKeyHash })
          .from(lifts)
          .where(and(eq(lifts.imei, imei), isNull(lifts.deletedAt)))
          .limit(1);
        const given = Buffer.from(hashDeviceKey(key), 'hex');
        const stored = Buffer.from(
          lift?.hash && /^[0-9a-f]{64}$/.test(lift.hash) ? lift.hash : '0'.repeat(64),
          'hex',
        );
        const matches = timingSafeEqual(given, stored) && !!lift?.hash;
        if (!lift || !matches) {
          logRefused(imei, lift ? 'wrong key' : 'unknown imei');
          return next(new Error(DEVICE_AUTH_ERROR));
        }
        socket.data = { imei, liftId: lift.id, uid: lift.uid, connectedAt: new Date().toISOString() };
        next();
      } catch (error) {
        app.log.warn({ err: error }, 'device handshake');
        next(new Error(DEVICE_AUTH_ERROR));
      }
    });

    /** Answers whether the row changed (with `ifChanged`, it does only when `online` differs). */
    async function setOnline(liftId: string, online: boolean, ifChanged: boolean) {
      const changed = await db
        .update(lifts)
        .set({ online, lastSeenAt: sql`now()`, version: sql`${lifts.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(lifts.id, liftId), ifChanged ? ne(lifts.online, online) : undefined))
        .returning({ id: lifts.id });
      if (changed.length > 0) live.changed([liftId]);
      return changed.length > 0;
    }

    function setControllerOnline(
      { imei, liftId }: ControllerRef,
      online: boolean,
      { ifChanged = false } = {},
    ) {
      track(
        setOnline(liftId, online, ifChanged).then((changed) =>
          changed
            ? log(db, {
                level: 'info',
                event: online ? 'device.connected' : 'device.disconnected',
                message: online ? 'Controller connected' : 'Controller disconnected',
                liftId,
                imei,
              })
            : undefined,
        ),
      );
    }

    const SCHEMAS: Record<Reading['kind'], v.GenericSchema> = {
      stats: StatsReadingSchema,
      event: EventReadingSchema,
      params: ParamsReadingSchema,
    };
    /** The one path of every reading, whichever transport brought it; never rejects. */
    async function accept(
      controller: ControllerRef,
      kind: Reading['kind'],
      reading: unknown,
    ): Promise<DeviceAck> {
      const { imei, liftId } = controller;
      traffic(imei, 'in', kind, reading);
      const seq =
        typeof (reading as { seq?: unknown })?.seq === 'number' ? (reading as { seq: number }).seq : null;
      const parsed = v.safeParse(SCHEMAS[kind], reading);
      if (!parsed.success) return { ok: false, seq, error: MSG.invalidValue };
      const output = parsed.output as { seq: number; ts: number };
      // A reading dated far off would sort first (or last) everywhere: only a window around our
      // clock is taken (docs/device-protocol.md); the controller gets the reason and may fix its clock.
      const now = Date.now();
      if (output.ts < now - clock.pastMs || output.ts > now + clock.aheadMs) {
        return { ok: false, seq: output.seq, error: MSG.readingTimeOutOfRange };
      }
      try {
        await ingest.add({ kind, liftId, imei, reading: output } as Reading);
        return { ok: true, seq: output.seq };
      } catch {
        // Not committed: no acknowledgement of success; the controller resends.
        return { ok: false, seq: output.seq, error: MSG.serverError };
      }
    }

    const transports: DeviceTransport[] = [];

    nsp.on('connection', (socket: DeviceSocket) => {
      const { imei, liftId } = socket.data;
      const previous = byImei.get(imei);
      byImei.set(imei, socket);
      if (previous && previous.id !== socket.id) previous.disconnect(true);
      announceControllers();
      setControllerOnline({ imei, liftId }, true);

      const handle = (kind: Reading['kind']) => (reading: unknown, ack: unknown) => {
        const answer = typeof ack === 'function' ? (ack as (a: DeviceAck) => void) : () => {};
        accept({ imei, liftId }, kind, reading).then(answer);
      };
      socket.on('stats', handle('stats'));
      socket.on('event', handle('event'));
      socket.on('params', handle('params'));

      socket.on('disconnect', () => {
        if (byImei.get(imei)?.id !== socket.id) return; // replaced by a newer connection
        byImei.delete(imei);
        announceControllers();
        setControllerOnline({ imei, liftId }, false);
      });
    });

    async function send(
      imei: string,
      event: 'params:set' | 'command',
      payload: unknown,
    ): Promise<ControllerAck> {
      const socket = byImei.get(imei);
      if (!socket?.connected) return { ok: false, error: MSG.deviceOffline };
      traffic(imei, 'out', event, payload);
      try {
        const answer = (await socket
          .timeout(CONTROLLER_ACK_TIMEOUT_MS)
          // biome-ignore lint/suspicious/noExplicitAny: both events share the (payload, ack) shape
          .emitWithAck(event as any, payload as any)) as ControllerAck | undefined;
        return answer && typeof answer.ok === 'boolean'
          ? { ok: answer.ok, ...(typeof answer.error === 'string' ? { error: answer.error } : {}) }
          : { ok: false, error: MSG.deviceTimeout };
      } catch {
        return { ok: false, error: socket.connected ? MSG.deviceTimeout : MSG.deviceOffline };
      }
    }

    app.decorate('devices', {
      connected: () => [...connected(), ...transports.flatMap((transport) => transport.connected())],
      isConnected: (imei: string) =>
        (byImei.get(imei)?.connected ?? false) ||
        transports.some((transport) => transport.connected().some((entry) => entry.imei === imei)),
      sendParams: (imei: string, parameters: LiftParameters) => send(imei, 'params:set', parameters),
      sendCommand: (imei: string, command: DeviceCommand) => send(imei, 'command', command),
      disconnect: (imei: string) => {
        byImei.get(imei)?.disconnect(true);
        for (const transport of transports) transport.forget(imei);
      },
      addIngestStep: (step: IngestStep) => {
        ingestSteps.push(step);
      },
      keyIssued: async (imei: string, key: string) => {
        await Promise.all(transports.map((transport) => transport.keyIssued?.(imei, key)));
      },
      accept,
      refused: logRefused,
      setControllerOnline,
      addTransport: (transport: DeviceTransport) => {
        transports.push(transport);
      },
    } satisfies DeviceGateway);

    app.addHook('preClose', async () => {
      closing = true;
      nsp.disconnectSockets(true);
    });
    // Readings already received are committed (and acknowledged, if the socket still listens).
    app.addHook('onClose', async () => {
      await ingest.close();
      await Promise.all([...pendingWrites]);
    });
  },
);
