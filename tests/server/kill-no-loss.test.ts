/**
 * Proof of no loss (docs/device-protocol.md#readings-controller-to-portal, docs/api.md#idempotency-key): the
 * server is killed with SIGKILL while controllers report and while a PWA's outbox replays its
 * changes, then started again on the same data. Every reading that was acknowledged, and every
 * change that was answered 2xx, must be stored exactly once, counted against the answers.
 *
 * The clients behave as the real ones are told to: a controller keeps each reading until its
 * acknowledgement and sends every unacknowledged one again after a reconnect; the outbox sends
 * each change with its own Idempotency-Key until it gets an answer, and a network error is no
 * answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../contract/constants';
import { openDatabase } from '../../server/db/client';
import { testImei } from '../../server/modules/devices/device-test-kit';
import { createPostgresDatabase, TEST_DB_KIND } from './helpers/database';
import { MIGRATIONS_DIR } from './helpers/paths';
import { freePort, type ServerProcess, startServerProcess } from './helpers/server-process';

const CONTROLLERS = 6;
/** Readings a controller may have in flight, as a real one bounds its outbox window. */
const WINDOW = 20;
const VISIT_WRITERS = 3;
/** How long the clients work against the first process before it is killed. */
const LOAD_BEFORE_KILL_MS = 2_500;
const DRAIN_TIMEOUT_MS = 45_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface StatsReading {
  seq: number;
  ts: number;
  trips: number;
  operatingHours: number;
}

/** A controller with the outbox its firmware keeps (docs/device-protocol.md#readings-controller-to-portal). */
class Controller {
  readonly pending = new Map<number, StatsReading>();
  readonly acked = new Set<number>();
  ackedBeforeKill = new Set<number>();
  private seq = 0;
  private producing = true;
  private readonly socket: Socket;

  constructor(
    url: string,
    readonly imei: string,
    key: string,
  ) {
    this.socket = io(`${url}/device`, {
      auth: { imei, key },
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    // After a reconnect everything unacknowledged goes again, with its own seq.
    this.socket.on('connect', () => {
      for (const reading of this.pending.values()) this.send(reading);
    });
  }

  /** Sends new readings while the window has room; the trip counter is the seq, so each row names its reading. */
  fill() {
    while (this.producing && this.pending.size < WINDOW && this.socket.connected) {
      this.seq += 1;
      const reading = { seq: this.seq, ts: Date.now(), trips: this.seq, operatingHours: this.seq / 100 };
      this.pending.set(reading.seq, reading);
      this.send(reading);
    }
  }

  stopProducing() {
    this.producing = false;
  }

  close() {
    this.socket.close();
  }

  private send(reading: StatsReading) {
    this.socket
      .timeout(5_000)
      .emit('stats', reading, (error: unknown, ack?: { ok: boolean; seq: number }) => {
        if (error || !ack?.ok) return; // no answer: it stays pending and goes again after a reconnect
        this.pending.delete(reading.seq);
        this.acked.add(reading.seq);
      });
  }
}

/** The PWA's outbox for maintenance visits: one key per change, resent until answered. */
class Outbox {
  readonly answered2xx = new Set<string>();
  answeredBeforeKill = new Set<string>();
  readonly pending: string[] = [];
  /** Changes on their way: neither pending nor answered until their request ends. */
  inFlight = 0;
  private next = 0;
  private producing = true;

  constructor(
    private readonly baseUrl: () => string,
    private readonly token: string,
    private readonly liftId: string,
    private readonly prefix: string,
  ) {}

  stopProducing() {
    this.producing = false;
  }

  /** One writer: takes the oldest pending change or makes a new one, and sends it until it is answered. */
  async run(shouldStop: () => boolean) {
    while (!shouldStop()) {
      let key = this.pending.shift();
      if (!key) {
        if (!this.producing) return;
        this.next += 1;
        key = `${this.prefix}-${this.next}`;
      }
      this.inFlight += 1;
      const status = await this.send(key);
      this.inFlight -= 1;
      if (status === null || status >= 500 || status === 429) {
        this.pending.push(key); // not answered: it stays in the outbox
        await sleep(100);
      } else if (status >= 200 && status < 300) {
        this.answered2xx.add(key);
      } else {
        throw new Error(`visit ${key} refused with ${status}`);
      }
    }
  }

  private async send(key: string): Promise<number | null> {
    try {
      const response = await fetch(`${this.baseUrl()}/api/lifts/${this.liftId}/maintenance`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ visitedOn: '2026-11-24', workDone: key }),
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return null;
    }
  }
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function signIn(url: string, email: string) {
  return json<{ user: { id: string }; access_token: string }>(
    await fetch(`${url}/api/users/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    }),
  );
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('SIGKILL while controllers report and an outbox replays', () => {
  it('keeps every acknowledged reading and every 2xx change, each exactly once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      // The demo accounts only: no demo lifts, history or timers to wait for.
      NODE_ENV: 'test',
    };
    if (TEST_DB_KIND === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    let server: ServerProcess = startServerProcess(env);
    cleanups.push(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    let url = await server.listening;

    const admin = await signIn(url, 'admin@demo.local');
    const customer = await signIn(url, 'customer@demo.local');
    const serviceMan = await signIn(url, 'service@demo.local');
    const lifts: { id: string; imei: string; deviceKey: string }[] = [];
    for (let i = 0; i < CONTROLLERS; i += 1) {
      const imei = testImei('35988');
      lifts.push(
        await json(
          await fetch(`${url}/api/lifts/register`, {
            method: 'POST',
            headers: { authorization: `Bearer ${admin.access_token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              uid: `KILL-${imei}`,
              address: `Killstraße ${i + 1}, Berlin`,
              imei,
              customers: [customer.user.id],
              servicemen: [serviceMan.user.id],
            }),
          }),
        ),
      );
    }
    const [visitLift] = lifts;
    if (!visitLift) throw new Error('no lift registered');

    const controllers = lifts.map((lift) => new Controller(url, lift.imei, lift.deviceKey));
    cleanups.push(() => {
      for (const controller of controllers) controller.close();
    });
    const outbox = new Outbox(() => url, serviceMan.access_token, visitLift.id, `kill-${Date.now()}`);
    let writersStop = false;
    const writers = Array.from({ length: VISIT_WRITERS }, () => outbox.run(() => writersStop));
    const pump = setInterval(() => {
      for (const controller of controllers) controller.fill();
    }, 5);
    cleanups.push(() => clearInterval(pump));

    // Load against the first process, then kill it mid-stream.
    await sleep(LOAD_BEFORE_KILL_MS);
    server.child.kill('SIGKILL');
    await server.exited;
    for (const controller of controllers) controller.ackedBeforeKill = new Set(controller.acked);
    outbox.answeredBeforeKill = new Set(outbox.answered2xx);

    // Same data, same port: the clients reconnect and replay what was not answered.
    server = startServerProcess(env);
    url = await server.listening;
    for (const controller of controllers) controller.stopProducing();
    outbox.stopProducing();
    await until(
      () => controllers.every((controller) => controller.pending.size === 0),
      DRAIN_TIMEOUT_MS,
      'every reading to be acknowledged after the restart',
    );
    await until(
      () => outbox.pending.length === 0 && outbox.inFlight === 0,
      DRAIN_TIMEOUT_MS,
      'the outbox to drain',
    );
    writersStop = true;
    await Promise.all(writers);
    for (const controller of controllers) controller.close();

    // Count what is stored; PGlite's data dir belongs to one process, so the server goes first.
    server.child.kill('SIGTERM');
    await server.exited;
    const handle = await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, migrationsDir: MIGRATIONS_DIR }
        : { kind: 'pglite', dataDir: `${dataDir}/pglite`, migrationsDir: MIGRATIONS_DIR },
    );
    try {
      const readings = await handle.db.execute<{ lift_id: string; trips: number; copies: number }>(sql`
        select lift_id::text, trips::integer, count(*)::integer as copies from messages
        where kind = 'stats' and lift_id in (select id from lifts where uid like 'KILL-%')
        group by lift_id, trips`);
      const visits = await handle.db.execute<{ work_done: string; copies: number }>(sql`
        select work_done, count(*)::integer as copies from maintenance_visits
        where lift_id = ${visitLift.id} group by work_done`);
      const readingRows = (
        readings as unknown as { rows: { lift_id: string; trips: number; copies: number }[] }
      ).rows;
      const visitRows = (visits as unknown as { rows: { work_done: string; copies: number }[] }).rows;

      let ackedBeforeKill = 0;
      let acked = 0;
      for (const [index, controller] of controllers.entries()) {
        const liftId = lifts[index]?.id;
        const stored = new Map(
          readingRows.filter((row) => row.lift_id === liftId).map((r) => [r.trips, r.copies]),
        );
        ackedBeforeKill += controller.ackedBeforeKill.size;
        acked += controller.acked.size;
        // Every acknowledged reading once; nothing stored that was never acknowledged.
        expect([...controller.acked].filter((seq) => stored.get(seq) !== 1)).toEqual([]);
        expect([...stored.keys()].filter((seq) => !controller.acked.has(seq))).toEqual([]);
        expect([...controller.ackedBeforeKill].every((seq) => controller.acked.has(seq))).toBe(true);
      }
      const storedVisits = new Map(visitRows.map((row) => [row.work_done, row.copies]));
      expect([...outbox.answered2xx].filter((key) => storedVisits.get(key) !== 1)).toEqual([]);
      expect([...storedVisits.keys()].filter((key) => !outbox.answered2xx.has(key))).toEqual([]);

      // The kill must have landed mid-stream, or the test proves nothing.
      expect(ackedBeforeKill).toBeGreaterThan(0);
      expect(acked).toBeGreaterThan(ackedBeforeKill);
      expect(outbox.answeredBeforeKill.size).toBeGreaterThan(0);
      console.info(
        `kill -9 (${TEST_DB_KIND}): ${ackedBeforeKill} readings acknowledged before the kill, ${acked} in all, ` +
          `${outbox.answeredBeforeKill.size} of ${outbox.answered2xx.size} visits answered before it; each stored once`,
      );
    } finally {
      await handle.close();
    }
  }, 120_000);
});
