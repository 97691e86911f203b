/**
 * Two-process benchmark (run by hand: `npm run bench:cluster`, docs/scaling.md). On a scratch
 * PostgreSQL database it drives N controllers flat out against one server process, then the same
 * controllers split over two processes, and prints readings/s of each and their ratio. With
 * `--watch` an admin's browser socket sits on the first process, so every lift update of the
 * second crosses the socket.io adapter.
 *
 *   tsx tools/bench/cluster.ts [--controllers 200] [--seconds 10] [--window 3] [--watch] [--pg postgres://postgres@127.0.0.1:5432]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { waitUntilUp } from './portal-server';

const { values: args } = parseArgs({
  options: {
    controllers: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    window: { type: 'string', default: '3' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    port: { type: 'string', default: '3340' },
    watch: { type: 'boolean', default: false },
  },
});

const CONTROLLERS = Number(args.controllers);
const SECONDS = Number(args.seconds);
const WINDOW = Number(args.window);
const PORT = Number(args.port);

interface Device {
  imei: string;
  key: string;
}

/** Each device on the URL given for it, WINDOW readings in flight each, for SECONDS: acked readings/s. */
async function drive(
  targets: { url: string; device: Device }[],
): Promise<{ perSecond: number; failed: number }> {
  const sockets = await Promise.all(
    targets.map(
      ({ url, device }) =>
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
  let acked = 0;
  let failed = 0;
  let running = true;
  const seqs = new Map<Socket, number>();
  const send = (socket: Socket) => {
    if (!running) return;
    const seq = (seqs.get(socket) ?? 0) + 1;
    seqs.set(socket, seq);
    socket.emit(
      'stats',
      { seq, ts: Date.now(), trips: seq, operatingHours: seq / 100 },
      (answer: { ok: boolean }) => {
        if (!running) return;
        if (answer?.ok) acked += 1;
        else failed += 1;
        send(socket);
      },
    );
  };
  const started = performance.now();
  for (const socket of sockets) for (let i = 0; i < WINDOW; i++) send(socket);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  running = false;
  const elapsed = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.disconnect();
  // The lifts go offline between the runs; the next run starts on a quiet database.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { perSecond: acked / elapsed, failed };
}

async function main() {
  const name = `lift_bench_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${args.pg}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = `${args.pg}/${name}`;
  const dataDir = `/tmp/${name}`;
  const authSecret = randomBytes(32).toString('hex');
  const children: ChildProcess[] = [];
  const start = async (port: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: args.watch ? '1' : '0',
        SIMULATE_DEVICES: '0',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        AUTH_SECRET: authSecret,
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    await waitUntilUp(`http://127.0.0.1:${port}/api/health`);
    return `http://127.0.0.1:${port}`;
  };
  try {
    const first = await start(PORT);
    const devices: Device[] = Array.from({ length: CONTROLLERS }, (_, i) => ({
      imei: `35778${String(i).padStart(10, '0')}`,
      key: randomBytes(24).toString('base64url'),
    }));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `insert into lifts (uid, address, imei, parameters, device_key_hash)
       select 'C-' || d.imei, 'Benchstraße 2', d.imei, '{}'::jsonb, d.hash
       from jsonb_to_recordset($1::jsonb) as d(imei text, hash text)`,
      [
        JSON.stringify(
          devices.map((d) => ({ imei: d.imei, hash: createHash('sha256').update(d.key).digest('hex') })),
        ),
      ],
    );

    let liveUpdates = 0;
    let watcher: Socket | undefined;
    if (args.watch) {
      const signIn = await fetch(`${first}/api/users/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }),
      });
      const { access_token } = (await signIn.json()) as { access_token: string };
      watcher = io(first, { path: '/socket.io', auth: { token: access_token }, transports: ['websocket'] });
      watcher.on('lift', () => {
        liveUpdates += 1;
      });
      await new Promise<void>((resolve) => watcher?.once('connect', () => resolve()));
    }

    console.info(
      `${CONTROLLERS} controllers, ${WINDOW} readings in flight each, ${SECONDS} s per run, PostgreSQL, ${(
        await import('node:os')
      ).availableParallelism()} cores`,
    );
    const one = await drive(devices.map((device) => ({ url: first, device })));
    const oneUpdates = liveUpdates;
    const second = await start(PORT + 1);
    liveUpdates = 0;
    const two = await drive(devices.map((device, i) => ({ url: i % 2 === 0 ? first : second, device })));
    watcher?.disconnect();
    await client.end();

    const line = (label: string, r: { perSecond: number; failed: number }) =>
      `${label.padEnd(30)} ${Math.round(r.perSecond).toString().padStart(7)} readings/s   not ok ${r.failed}`;
    console.info(line('one process (reference)', one));
    console.info(line('two processes, half each', two));
    if (args.watch) {
      console.info(
        `live lift updates at the admin's socket on the first process: ${oneUpdates} with one, ${liveUpdates} with two`,
      );
    }
    console.info(`ratio two/one ${(two.perSecond / one.perSecond).toFixed(2)}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
