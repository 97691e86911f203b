import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../contract/constants';
import type { Lift } from '../../contract/schemas/lift';
import type { AuthResponse } from '../../contract/schemas/user';
import type { ServerToClientEvents } from '../../contract/socket';
import { DEMO_EMAILS } from '../../tests/server/helpers/app';
import { createPostgresDatabase, TEST_DB_KIND } from '../../tests/server/helpers/database';
import { MIGRATIONS_DIR, REPO_ROOT } from '../../tests/server/helpers/paths';
import { openDatabase } from '../db/client';
import { insertLiftWithKey } from '../modules/devices/device-test-kit';

/**
 * Two real server processes on one PostgreSQL database (docs/scaling.md): a controller on A, a
 * customer on B. PGlite is one process by nature, so this runs only on PostgreSQL.
 */
const onPostgres = TEST_DB_KIND === 'postgres';

/** Ports of the helper "scale" (3300-3399): A, B and B again after its restart. */
const PORT_A = 3310;
const PORT_B = 3311;
const PROCESS_TIMEOUT_SECONDS = 3;

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
let databaseUrl = '';
let dropDatabase: (() => Promise<void>) | undefined;
let dataDir = '';
const authSecret = randomBytes(32).toString('hex');

async function startServer(port: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: authSecret,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ADDRESS_RATE_LIMIT: '100000',
      PROCESS_TIMEOUT_SECONDS: String(PROCESS_TIMEOUT_SECONDS),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, exited };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on ${port} did not come up: ${stderr}`);
}

async function signIn(url: string, role: keyof typeof DEMO_EMAILS): Promise<AuthResponse> {
  const response = await fetch(`${url}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAILS[role], password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${role}: ${await response.text()}`);
  return response.json() as Promise<AuthResponse>;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

const sockets: Socket[] = [];
function open(url: string, auth: object): Socket {
  const socket = io(url, {
    path: '/socket.io',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

beforeAll(async () => {
  if (!onPostgres) return;
  const database = await createPostgresDatabase();
  databaseUrl = database.url;
  dropDatabase = database.drop;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-cluster-'));
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)(
  'two server processes on one PostgreSQL (PGlite is one process by nature: skipped there)',
  () => {
    it('carry live lift state and chat across processes, and keep A’s lifts online when B dies or restarts', async () => {
      // A first: it migrates and seeds; B finds the database ready.
      const a = await startServer(PORT_A);
      let b = await startServer(PORT_B);

      const admin = await signIn(a.url, 'admin');
      const customer = await signIn(b.url, 'customer');
      const handle = await openDatabase({
        kind: 'postgres',
        url: databaseUrl,
        migrationsDir: MIGRATIONS_DIR,
      });
      const probe = new pg.Client({ connectionString: databaseUrl });
      await probe.connect();
      try {
        const lift = await insertLiftWithKey(handle.db, { customers: [customer.user.id] });

        // The customer's browser on B, the controller on A.
        const browser = open(b.url, { token: customer.access_token });
        const lifts: Lift[] = [];
        const chat: { messageText: string }[] = [];
        browser.on('lift', ((one) => lifts.push(one)) satisfies ServerToClientEvents['lift']);
        browser.on('message', ((message) => chat.push(message)) satisfies ServerToClientEvents['message']);
        await connected(browser);
        const controller = open(`${a.url}/device`, { imei: lift.imei, key: lift.key });
        await connected(controller);

        // Readings on A until B's customer sees the lift live (A learns within a second that he is online).
        let seq = 0;
        await vi.waitFor(
          async () => {
            seq += 1;
            await controller
              .timeout(5000)
              .emitWithAck('stats', { seq, ts: Date.now(), trips: seq, operatingHours: seq });
            // Updates lag the readings by a flush (500 ms): any reading's update will do.
            expect(lifts.some((one) => one.id === lift.id && one.state.online && one.stats.trips > 0)).toBe(
              true,
            );
          },
          { timeout: 15_000, interval: 300 },
        );

        // A chat message from the admin on A reaches the customer's socket on B.
        const text = `across processes ${randomUUID()}`;
        const sent = await fetch(`${a.url}/api/chat/messages`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${admin.access_token}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ contactId: customer.user.id, messageText: text }),
        });
        expect(sent.status).toBe(201);
        await vi.waitFor(() => expect(chat.map((message) => message.messageText)).toContain(text), {
          timeout: 10_000,
        });

        // Who is online is one answer: A lists the customer connected to B as online.
        const onlineOnA = async () =>
          (
            await getJson<{ id: string; online?: boolean }[]>(
              `${a.url}/api/chat/contacts`,
              admin.access_token,
            )
          ).find((contact) => contact.id === customer.user.id)?.online ?? false;
        expect(await onlineOnA()).toBe(true);

        const liftOnA = () => getJson<Lift>(`${a.url}/api/lifts/${lift.id}`, admin.access_token);
        const openOfflineAlarms = async () =>
          (
            await probe.query<{ n: number }>(
              `select count(*)::int as n from alarms where lift_id = $1 and kind = 'offline' and closed_at is null`,
              [lift.id],
            )
          ).rows[0]?.n;

        // B is killed: nothing runs its shutdown. A's leader sweeps it after PROCESS_TIMEOUT_SECONDS.
        b.child.kill('SIGKILL');
        await b.exited;
        browser.disconnect();
        await vi.waitFor(async () => expect(await onlineOnA()).toBe(false), {
          timeout: 20_000,
          interval: 500,
        });
        expect((await liftOnA()).state.online).toBe(true);
        expect(await openOfflineAlarms()).toBe(0);

        // B starts again (its start must not take A's controllers for its own), then stops cleanly.
        b = await startServer(PORT_B);
        expect((await liftOnA()).state.online).toBe(true);
        expect((await getJson<Lift>(`${b.url}/api/lifts/${lift.id}`, admin.access_token)).state.online).toBe(
          true,
        );
        b.child.kill('SIGTERM');
        expect(await b.exited).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, PROCESS_TIMEOUT_SECONDS * 1500));
        expect((await liftOnA()).state.online).toBe(true);
        expect(await openOfflineAlarms()).toBe(0);
        // The controller still reports to A, acknowledged after the commit as before.
        const answer = await controller
          .timeout(5000)
          .emitWithAck('stats', { seq: seq + 1, ts: Date.now(), trips: seq + 1, operatingHours: seq + 1 });
        expect(answer).toEqual({ ok: true, seq: seq + 1 });

        // When the controller goes, its lift goes offline at once, across the database.
        controller.disconnect();
        await vi.waitFor(async () => expect((await liftOnA()).state.online).toBe(false), { timeout: 10_000 });
        a.child.kill('SIGTERM');
        expect(await a.exited).toBe(0);
      } finally {
        await probe.end();
        await handle.close();
      }
    }, 180_000);
  },
);
