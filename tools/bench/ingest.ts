/**
 * Ingest benchmark (run by hand: `npm run bench:ingest`). Starts the real server on a scratch
 * PostgreSQL database, prepares N controllers, drives them flat out and prints readings/s and
 * ack latency, beside a bare socket.io server that acknowledges at once, driven by the same
 * client code on the same machine.
 *
 *   tsx tools/bench/ingest.ts [--controllers 200] [--seconds 10] [--window 3] [--pg postgres://postgres@127.0.0.1:5432]
 *     [--port 3197] [--cpu-prof <dir>]
 *   tsx tools/bench/ingest.ts --batch 600 [--batches 100] [--controllers 200] [--pg …]
 *
 * `--cpu-prof <dir>` writes a V8 CPU profile of the portal's process into that folder (open it in
 * Chrome DevTools or speedscope) to see where an ingest's time goes.
 *
 * `--batch <size>` times the database side alone: `writeBatch` (server/modules/telemetry/reading-path.ts) with the
 * analytics and alarms steps, in this process, on a scratch database, batches of that many readings
 * of the same mix (one in 20 an info event), round-robin over the controllers. No socket.io, no
 * portal process: the figure to compare when changing the batch statements or the tables' indexes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { rowsOf } from '../../server/db/results';
import { waitUntilUp } from './portal-server';
import { benchReading, type ReadingsResult, readingsLine, summarizeReadings } from './readings';

const { values: args } = parseArgs({
  options: {
    controllers: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    window: { type: 'string', default: '3' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    port: { type: 'string', default: '3197' },
    /** Also keep an admin's browser socket open, so every lift goes out live. */
    watch: { type: 'boolean', default: false },
    'echo-server': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    batch: { type: 'string' },
    batches: { type: 'string', default: '100' },
  },
});

const CONTROLLERS = Number(args.controllers);
const SECONDS = Number(args.seconds);
const WINDOW = Number(args.window);
const PORT = Number(args.port);

if (args['echo-server']) {
  // The ceiling: socket.io alone, acknowledging each reading at once.
  const http = createServer();
  const server = new Server(http, { path: '/socket.io', serveClient: false });
  server.of('/device').on('connection', (socket) => {
    for (const event of ['stats', 'event', 'params']) {
      socket.on(event, (reading: { seq: number }, ack: (a: unknown) => void) =>
        ack({ ok: true, seq: reading.seq }),
      );
    }
  });
  http.listen(PORT + 1, '127.0.0.1', () => process.send?.('ready'));
} else if (args.batch) {
  await timeBatches(Number(args.batch), Number(args.batches));
} else {
  await main();
}

/** N connections, each keeping WINDOW readings in flight, for SECONDS. */
async function drive(url: string, devices: { imei: string; key: string }[]): Promise<ReadingsResult> {
  const sockets: Socket[] = await Promise.all(
    devices.map(
      (device) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = io(`${url}/device`, {
            path: '/socket.io',
            auth: device,
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    ),
  );
  const latencies: number[] = [];
  let failed = 0;
  let running = true;
  const started = performance.now();
  const seqs = new Map<Socket, number>();
  const trips = new Map<Socket, number>();

  const send = (socket: Socket) => {
    if (!running) return;
    const seq = (seqs.get(socket) ?? 0) + 1;
    seqs.set(socket, seq);
    const trip = (trips.get(socket) ?? 0) + 1;
    trips.set(socket, trip);
    const sentAt = performance.now();
    const { event, reading } = benchReading(seq, trip);
    socket.emit(event, reading, (answer: { ok: boolean }) => {
      if (!running) return;
      if (answer?.ok) latencies.push(performance.now() - sentAt);
      else failed += 1;
      send(socket);
    });
  };
  for (const socket of sockets) for (let i = 0; i < WINDOW; i++) send(socket);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  running = false;
  const elapsed = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.disconnect();
  return summarizeReadings(latencies, failed, elapsed);
}

/** `--batch`: writeBatch alone, in this process, on a scratch database migrated as the server does. */
async function timeBatches(size: number, batches: number) {
  const { openDatabase } = await import('../../server/db/client');
  const { writeBatch } = await import('../../server/modules/telemetry/reading-path');
  const { analyticsIngestStep } = await import('../../server/modules/analytics/rollup');
  const { applyReadings } = await import('../../server/modules/alarms/alarms.repository');
  type Reading = import('../../server/modules/telemetry/ingest').Reading;
  const name = `lift_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${args.pg}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    const handle = await openDatabase({
      kind: 'postgres',
      url: `${args.pg}/${name}`,
      migrationsDir: 'server/db/migrations',
    });
    const lifts = rowsOf<{ id: string; imei: string }>(
      await handle.db.execute(sql`
        insert into lifts (uid, address, imei, parameters, device_key_hash)
        select 'B-' || imei, 'Benchstraße 1', imei, '{}'::jsonb, md5(imei)
        from (select '35777' || lpad(n::text, 10, '0') as imei from generate_series(0, ${CONTROLLERS - 1}) n) d
        returning id::text, imei`),
    );
    const seqs = new Map<string, number>();
    const steps = [
      analyticsIngestStep,
      async (tx: Parameters<typeof applyReadings>[0], readings: readonly Reading[]) => {
        await applyReadings(tx, readings);
        return undefined;
      },
    ];
    const times: number[] = [];
    for (let b = 0; b < batches; b++) {
      const items: Reading[] = Array.from({ length: size }, (_, k) => {
        const lift = lifts[k % lifts.length] as { id: string; imei: string };
        const seq = (seqs.get(lift.id) ?? 0) + 1;
        seqs.set(lift.id, seq);
        const { event, reading } = benchReading(seq, seq);
        return event === 'event'
          ? { kind: 'event', liftId: lift.id, imei: lift.imei, reading }
          : { kind: 'stats', liftId: lift.id, imei: lift.imei, reading };
      });
      const started = performance.now();
      await writeBatch(handle.db, items, steps);
      times.push(performance.now() - started);
    }
    await handle.close();
    // The first batches warm the caches and the plans.
    const warm = times.slice(Math.min(5, times.length - 1)).sort((a, b) => a - b);
    const at = (q: number) => warm[Math.min(warm.length - 1, Math.floor(warm.length * q))] ?? 0;
    console.info(
      `writeBatch, ${size} readings over ${CONTROLLERS} controllers, ${batches} batches: median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, ${Math.round((size / at(0.5)) * 1000)} readings/s`,
    );
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

async function main() {
  const name = `lift_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${args.pg}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = `${args.pg}/${name}`;
  const children: ChildProcess[] = [];
  try {
    const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
    const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        SEED_DEMO: args.watch ? '1' : '0',
        SIMULATE_DEVICES: '0',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        AUTH_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: `/tmp/${name}`,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(server);
    await waitUntilUp(`http://127.0.0.1:${PORT}/api/health`);

    // Controllers: lifts with known keys, inserted in one statement.
    const devices = Array.from({ length: CONTROLLERS }, (_, i) => ({
      imei: `35777${String(i).padStart(10, '0')}`,
      key: randomBytes(24).toString('base64url'),
    }));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `insert into lifts (uid, address, imei, parameters, device_key_hash)
       select 'B-' || d.imei, 'Benchstraße 1', d.imei, '{}'::jsonb, d.hash
       from jsonb_to_recordset($1::jsonb) as d(imei text, hash text)`,
      [
        JSON.stringify(
          devices.map((d) => ({ imei: d.imei, hash: createHash('sha256').update(d.key).digest('hex') })),
        ),
      ],
    );

    const echo = spawn(
      process.execPath,
      ['--import', 'tsx', 'tools/bench/ingest.ts', '--echo-server', '--port', String(PORT)],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    children.push(echo);
    await new Promise((resolve) => echo.once('message', resolve));

    console.info(
      `${CONTROLLERS} controllers, ${WINDOW} readings in flight each, ${SECONDS} s per run, PostgreSQL`,
    );
    const ceiling = await drive(`http://127.0.0.1:${PORT + 1}`, devices);
    let liveUpdates = 0;
    let watcher: Socket | undefined;
    if (args.watch) {
      const signIn = await fetch(`http://127.0.0.1:${PORT}/api/users/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }),
      });
      const { access_token } = (await signIn.json()) as { access_token: string };
      watcher = io(`http://127.0.0.1:${PORT}`, {
        path: '/socket.io',
        auth: { token: access_token },
        transports: ['websocket'],
      });
      watcher.on('lift', () => {
        liveUpdates += 1;
      });
      await new Promise<void>((resolve) => watcher?.once('connect', () => resolve()));
    }
    const portal = await drive(`http://127.0.0.1:${PORT}`, devices);
    watcher?.disconnect();
    if (args.watch) console.info(`live: ${liveUpdates} lift updates reached the admin's socket`);
    const [stored] = (await client.query('select count(*)::int as n from device_receipts')).rows;
    await client.end();

    const line = (label: string, r: ReadingsResult) => readingsLine(label, r, 26);
    console.info(line('bare socket.io ack echo', ceiling));
    console.info(line('portal (committed acks)', portal));
    console.info(
      `ratio ${(portal.perSecond / ceiling.perSecond).toFixed(2)}; rows stored ${stored?.n} for ${portal.readings} acked`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
