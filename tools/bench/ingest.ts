/**
 * Ingest benchmark (run by hand: `npm run bench:ingest`). Starts the real server on a scratch
 * PostgreSQL database, prepares N controllers, drives them flat out and prints readings/s and
 * ack latency, beside a bare socket.io server that acknowledges at once, driven by the same
 * client code on the same machine.
 *
 *   tsx tools/bench/ingest.ts [--controllers 200] [--seconds 10] [--window 3] [--pg postgres://postgres@127.0.0.1:5432]
 *     [--port 3197] [--cpu-prof <dir>]
 *
 * `--cpu-prof <dir>` writes a V8 CPU profile of the portal's process into that folder (open it in
 * Chrome DevTools or speedscope) to see where an ingest's time goes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { waitUntilUp } from './portal-server';

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
} else {
  await main();
}

interface Result {
  readings: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

/** N connections, each keeping WINDOW readings in flight, for SECONDS. */
async function drive(url: string, devices: { imei: string; key: string }[]): Promise<Result> {
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
    const event = seq % 20 === 0 ? 'event' : 'stats';
    const reading =
      event === 'event'
        ? { seq, ts: Date.now(), code: 100 + (seq % 7), type: 'info', active: true, floor: seq % 5 }
        : { seq, ts: Date.now(), trips: trip, operatingHours: trip / 100 };
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
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return {
    readings: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    failed,
  };
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

    const line = (label: string, r: Result) =>
      `${label.padEnd(26)} ${Math.round(r.perSecond).toString().padStart(7)} readings/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   not ok ${r.failed}`;
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
