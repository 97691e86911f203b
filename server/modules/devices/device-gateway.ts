import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Namespace, Socket } from 'socket.io';
import * as v from 'valibot';
import type { ConnectedController, DeviceTraffic } from '../../../contract/console';
import {
  type ControllerAck,
  type ControllerRequest,
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
} from '../../../contract/device';
import { MSG } from '../../../contract/messages';
import type { LiftParameters } from '../../../contract/parameters';
import type { Database } from '../../db/client';
import { deviceConnections } from '../../db/schema/devices';
import { lifts } from '../../db/schema/lifts';
import { takeSyncLock } from '../../db/sync-lock';
import { definePlugin } from '../../lib/define-plugin';
import { controllerRoom, DEVS_ROOM } from '../../realtime/rooms';
import { hashDeviceKey } from '../lifts/lifts.repository';
import { type LogEntry, writeLog } from '../logs/write-log';
import type { IngestStep, Reading } from '../telemetry/ingest';
import { IngestQueue } from '../telemetry/ingest-queue';
import { ReadingPath, type ReadingStepName } from '../telemetry/reading-path';

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
  /** The controllers connected now, to any process. */
  connected(): Promise<ConnectedController[]>;
  isConnected(imei: string): boolean;
  sendParams(imei: string, parameters: LiftParameters): Promise<ControllerAck>;
  sendCommand(imei: string, command: DeviceCommand): Promise<ControllerAck>;
  /** Drops a controller's connection (its key was rotated or its lift deleted); it must sign in again. */
  disconnect(imei: string): void;
  /** Provides a named step of the reading path, run inside each ingest transaction (telemetry/reading-path.ts). */
  provideReadingStep(name: ReadingStepName, step: IngestStep): void;
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
   * Marks a controller of another transport online or offline on this process, as the socket's
   * connect and disconnect do; the lift is online while any process holds it so.
   */
  setControllerOnline(controller: ControllerRef, online: boolean): void;
  /** Another transport of controllers (server/modules/devices/mqtt-bridge.ts); `connected` lists them from the database. */
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
  /** Whether the controller of `imei` is connected over this transport, to any process. */
  holds(imei: string): boolean;
  /**
   * `params:set` or `command` to a controller it holds; answers as the socket's acknowledgement
   * does: the controller's answer, or `deviceTimeout` / `deviceOffline`.
   */
  send(imei: string, event: ControllerRequest, payload: unknown): Promise<ControllerAck>;
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
    // Filled in READING_STEPS' order once every domain has provided its step (onReady below).
    const ingestSteps: IngestStep[] = [];
    const readingPath = new ReadingPath();
    app.addHook('onReady', async () => {
      ingestSteps.push(...readingPath.steps());
    });
    const ingest = new IngestQueue(db, {
      steps: ingestSteps,
      onCommitted: ({ liftIds, messages }) => {
        live.message(messages);
        live.changed(liftIds);
      },
      onError: (error) => app.log.warn({ err: error }, 'device batch failed'),
      onBatch: ({ readings, stored, seconds, committed }) => {
        const { metrics } = app;
        metrics.ingestBatches.inc({ outcome: committed ? 'committed' : 'failed' });
        metrics.ingestBatchSeconds.observe(seconds);
        metrics.ingestBatchReadings.observe(readings);
        if (committed) {
          metrics.ingestReadings.inc({ outcome: 'stored' }, stored);
          metrics.ingestReadings.inc({ outcome: 'duplicate' }, readings - stored);
        } else metrics.ingestReadings.inc({ outcome: 'failed' }, readings);
      },
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

    // A restarted process has no controller yet; lifts whose controllers report to another process
    // stay online (server/realtime/cluster.ts sweeps what a dead process left, docs/scaling.md).
    const nodeId = app.cluster.nodeId;

    let trafficWindow = 0;
    let trafficCount = 0;
    function traffic(imei: string, direction: DeviceTraffic['direction'], event: string, payload: unknown) {
      // A dev online on any process (known within a second), not only on this one.
      if (!app.presence.lastAudience().devs) return;
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

    /** The controllers connected to any process. */
    const connected = async (): Promise<ConnectedController[]> => {
      const rows = await db
        .select({
          imei: sql<string>`${lifts.imei}`,
          liftId: deviceConnections.liftId,
          uid: lifts.uid,
          connectedAt: deviceConnections.connectedAt,
        })
        .from(deviceConnections)
        .innerJoin(lifts, eq(lifts.id, deviceConnections.liftId))
        .orderBy(deviceConnections.connectedAt);
      // An MQTT controller is one row per process that heard its status: listed once.
      const byImeiOnce = new Map<string, ConnectedController>();
      for (const row of rows) {
        if (!byImeiOnce.has(row.imei))
          byImeiOnce.set(row.imei, { ...row, connectedAt: row.connectedAt.toISOString() });
      }
      return [...byImeiOnce.values()];
    };
    /**
     * Sends the devs the list after a change. One read at a time, and changes meanwhile make one
     * more read after it: a storm of connects (a process restarting under thousands of controllers)
     * reads the whole list a few times, not once per connect (docs/scaling.md#idle-controllers).
     */
    let announcing = false;
    let announceAgain = false;
    const announceControllers = () => {
      if (announcing) {
        announceAgain = true;
        return;
      }
      announcing = true;
      const run = async () => {
        do {
          announceAgain = false;
          const list = await connected();
          app.io.to(DEVS_ROOM).emit('controllers', list);
        } while (announceAgain);
      };
      track(
        run().finally(() => {
          announcing = false;
        }),
      );
    };

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

    /**
     * Records this connection (or its end) and sets the lift online while any process holds a
     * connection of it: a controller that moved to another process keeps its lift online. An MQTT
     * controller counts as one connection per process that saw its status (`mqtt:<imei>`).
     * Answers whether the lift's `online` changed.
     */
    async function setOnline(liftId: string, connectionId: string, connecting: boolean) {
      const changed = await db.transaction(async (tx) => {
        // The sync lock first (server/db/sync-lock.ts): connections change one at a time, and the
        // count below sees the others' committed changes (READ COMMITTED: a snapshot per statement).
        await tx.execute(takeSyncLock);
        if (connecting)
          await tx
            .insert(deviceConnections)
            .values({ nodeId, socketId: connectionId, liftId })
            .onConflictDoNothing();
        else
          await tx
            .delete(deviceConnections)
            .where(and(eq(deviceConnections.nodeId, nodeId), eq(deviceConnections.socketId, connectionId)));
        const online = sql`exists (select 1 from ${deviceConnections} where ${deviceConnections.liftId} = ${liftId})`;
        return tx
          .update(lifts)
          .set({ online, lastSeenAt: sql`now()`, version: sql`${lifts.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(lifts.id, liftId), sql`${lifts.online} is distinct from ${online}`))
          .returning({ id: lifts.id });
      });
      if (changed.length > 0) live.changed([liftId]);
      return changed.length > 0;
    }

    function setControllerOnline({ imei, liftId }: ControllerRef, online: boolean) {
      track(
        setOnline(liftId, `mqtt:${imei}`, online).then((changed) =>
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
      const arrived = performance.now();
      const ack = await acknowledge(controller, kind, reading);
      const outcome = ack.ok ? 'ok' : ack.error === MSG.serverError ? 'failed' : 'refused';
      app.metrics.acknowledgementSeconds.observe({ outcome }, (performance.now() - arrived) / 1000);
      return ack;
    }

    async function acknowledge(
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
      // Its room reaches it from any process (params and commands sent through REST elsewhere).
      socket.join(controllerRoom(imei));
      if (previous && previous.id !== socket.id) previous.disconnect(true);
      // An older connection of this IMEI on another process goes too.
      if (app.cluster.shared) nsp.in(controllerRoom(imei)).except(socket.id).disconnectSockets(true);
      const recorded = setOnline(liftId, socket.id, true);
      track(
        recorded.then(() => {
          announceControllers();
          return log(db, {
            level: 'info',
            event: 'device.connected',
            message: 'Controller connected',
            liftId,
            imei,
          });
        }),
      );

      const handle = (kind: Reading['kind']) => (reading: unknown, ack: unknown) => {
        const answer = typeof ack === 'function' ? (ack as (a: DeviceAck) => void) : () => {};
        accept({ imei, liftId }, kind, reading).then(answer);
      };
      socket.on('stats', handle('stats'));
      socket.on('event', handle('event'));
      socket.on('params', handle('params'));

      socket.on('disconnect', () => {
        // After its row was written, so none is left behind.
        const ended = recorded.catch(() => {}).then(() => setOnline(liftId, socket.id, false));
        if (byImei.get(imei)?.id !== socket.id) {
          track(ended); // replaced by a newer connection
          return;
        }
        byImei.delete(imei);
        track(
          ended.then(() => {
            announceControllers();
            return log(db, {
              level: 'info',
              event: 'device.disconnected',
              message: 'Controller disconnected',
              liftId,
              imei,
            });
          }),
        );
      });
    });

    async function send(imei: string, event: ControllerRequest, payload: unknown): Promise<ControllerAck> {
      const socket = byImei.get(imei);
      if (!socket?.connected) {
        // Over MQTT every process knows who is online and can reach it through the broker itself.
        const transport = transports.find((one) => one.holds(imei));
        if (transport) {
          traffic(imei, 'out', event, payload);
          return transport.send(imei, event, payload);
        }
        return app.cluster.shared
          ? sendElsewhere(imei, event, payload)
          : { ok: false, error: MSG.deviceOffline };
      }
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

    /**
     * The controller is connected to another process, or nowhere: its room reaches it through the
     * adapter, and the first acknowledgement answers (docs/scaling.md#controllers).
     */
    async function sendElsewhere(
      imei: string,
      event: ControllerRequest,
      payload: unknown,
    ): Promise<ControllerAck> {
      const [row] = await db
        .select({ nodeId: deviceConnections.nodeId })
        .from(deviceConnections)
        .innerJoin(lifts, eq(lifts.id, deviceConnections.liftId))
        .where(eq(lifts.imei, imei))
        .limit(1);
      if (!row) return { ok: false, error: MSG.deviceOffline };
      traffic(imei, 'out', event, payload);
      try {
        const answers = (await nsp
          .to(controllerRoom(imei))
          .timeout(CONTROLLER_ACK_TIMEOUT_MS)
          // biome-ignore lint/suspicious/noExplicitAny: both events share the (payload, ack) shape
          .emitWithAck(event as any, payload as any)) as unknown as (ControllerAck | undefined)[];
        const answer = answers.find((one) => one && typeof one.ok === 'boolean');
        if (answers.length === 0) return { ok: false, error: MSG.deviceOffline };
        return answer
          ? { ok: answer.ok, ...(typeof answer.error === 'string' ? { error: answer.error } : {}) }
          : { ok: false, error: MSG.deviceTimeout };
      } catch {
        return { ok: false, error: MSG.deviceTimeout };
      }
    }

    // A dead process's controllers are gone: their lifts (now offline) and the devs' list change.
    app.cluster.onSwept(({ liftIds }) => {
      if (liftIds.length === 0) return;
      live.changed(liftIds);
      announceControllers();
    });
    app.cluster.onRejoined(async () => {
      const rows = [...byImei.values()].map((socket) => ({
        nodeId,
        socketId: socket.id,
        liftId: socket.data.liftId,
      }));
      if (rows.length > 0) await db.insert(deviceConnections).values(rows).onConflictDoNothing();
    });

    new Gauge({
      name: 'lift_portal_controllers_connected',
      help: 'Controllers connected to this process, by transport (socket, mqtt).',
      labelNames: ['transport'],
      registers: [app.metrics.registry],
      collect() {
        this.set({ transport: 'socket' }, byImei.size);
        this.set(
          { transport: 'mqtt' },
          transports.reduce((sum, transport) => sum + transport.connected().length, 0),
        );
      },
    });

    app.decorate('devices', {
      connected,
      isConnected: (imei: string) =>
        (byImei.get(imei)?.connected ?? false) || transports.some((transport) => transport.holds(imei)),
      sendParams: (imei: string, parameters: LiftParameters) => send(imei, 'params:set', parameters),
      sendCommand: (imei: string, command: DeviceCommand) => send(imei, 'command', command),
      // On whichever process it is connected to.
      disconnect: (imei: string) => {
        nsp.in(controllerRoom(imei)).disconnectSockets(true);
        for (const transport of transports) transport.forget(imei);
      },
      provideReadingStep: (name: ReadingStepName, step: IngestStep) => readingPath.provide(name, step),
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
      // This process's controllers only: with the adapter, `nsp.disconnectSockets` would drop every
      // process's (docs/scaling.md).
      nsp.local.disconnectSockets(true);
    });
    // Readings already received are committed (and acknowledged, if the socket still listens).
    app.addHook('onClose', async () => {
      await ingest.close();
      await Promise.all([...pendingWrites]);
    });
  },
);
