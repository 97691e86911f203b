/**
 * Connections benchmark (run by hand: `npm run bench:connections`, docs/scaling.md#idle-controllers).
 * How many idle controllers one portal process holds over socket.io: each connects with its IMEI
 * and key, answers socket.io's heartbeat (the server's ping every 25 s; the protocol has no other,
 * docs/device-protocol.md) and sends one reading a minute (at a random second of it). Prints, for
 * the portal and beside it a bare socket.io server on the same machine in the same run (no
 * database, acknowledging at once): controllers connected, connections per second while they come,
 * the server's memory per connection (RSS and V8 heap after a full GC, against the same process
 * before), the acknowledgements' p50/p99 and the connections lost while idle.
 *
 *   tsx tools/bench/connections.ts [--controllers 2000] [--seconds 60] [--concurrency 200]
 *     [--pg postgres://postgres@127.0.0.1:5432] [--port 3810]
 *
 * Up to 20,000 on loopback (`--controllers 20000`). The bench raises its file-descriptor limit
 * itself (it runs itself again through `bash -c 'ulimit -n 65535 && …'`; the servers, its
 * children, inherit it) and puts the two servers on two loopback addresses (127.0.0.1 and
 * 127.0.0.2), so that the first run's closed connections do not hold the ports of the second.
 * The portal runs from source (tsx) on a scratch PostgreSQL database with one lift per controller.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { waitUntilUp } from './portal-server';
import { benchReading } from './readings';

const { values: args } = parseArgs({
  options: {
    controllers: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '200' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    port: { type: 'string', default: '3810' },
    /** Internal: run as one of the two servers (`bare` or `portal`), answering memory questions over IPC. */
    serve: { type: 'string' },
  },
});

const CONTROLLERS = Number(args.controllers);
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const PORT = Number(args.port);
const NOFILE = 65_535;
const ACK_TIMEOUT_MS = 30_000;

interface Memory {
  rss: number;
  heapUsed: number;
}

/** In a server child: the parent asks `memory`, the child collects garbage and answers its usage. */
function answerMemoryQuestions() {
  process.on('message', (message) => {
    if (message !== 'memory') return;
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ memory: { rss, heapUsed } satisfies Memory });
  });
}

/**
 * Runs the bench again under `ulimit -n 65535`, or the hard limit where that is lower and cannot be
 * raised (a container without CAP_SYS_RESOURCE), unless its limit is that high already.
 */
async function raiseFileLimitOrRerun() {
  const limit = (flag: string) =>
    Number(execFileSync('bash', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).trim()) || NOFILE;
  const wanted = Math.min(NOFILE, limit('-Hn'));
  if (!process.env.BENCH_NOFILE_RAISED && limit('-n') < wanted) {
    const child = spawn(
      'bash',
      [
        '-c',
        `ulimit -n ${wanted} && exec "$0" --import tsx tools/bench/connections.ts "$@"`,
        process.execPath,
        ...process.argv.slice(2),
      ],
      { stdio: 'inherit', env: { ...process.env, BENCH_NOFILE_RAISED: '1' } },
    );
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    process.exit(code ?? 1);
  }
  // Each connection is a descriptor on both sides; the portal needs a few hundred of its own.
  if (CONTROLLERS + 300 > limit('-n')) {
    console.warn(
      `The file limit is ${limit('-n')} (hard ${limit('-Hn')}): fewer than ${CONTROLLERS} connections will fit. ` +
        'As root with CAP_SYS_RESOURCE the bench raises it to 65535 itself.',
    );
  }
}

interface Device {
  imei: string;
  key: string;
}

interface RunResult {
  connected: number;
  connectPerSecond: number;
  refused: number;
  memoryPerConnection: Memory;
  p50: number;
  p99: number;
  acked: number;
  notOk: number;
  lost: number;
}

function askMemory(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      const memory = (message as { memory?: Memory }).memory;
      if (!memory) return;
      child.off('message', listener);
      resolve(memory);
    };
    child.on('message', listener);
    child.send('memory');
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connect(url: string, device: Device): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = io(`${url}/device`, {
      path: '/socket.io',
      auth: device,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.close();
      resolve(null);
    });
  });
}

/** Connects every device (CONCURRENCY at a time), idles a while with one reading each, then disconnects. */
async function run(
  url: string,
  devices: Device[],
  server: ChildProcess,
  whileConnected?: () => Promise<void>,
): Promise<RunResult> {
  await sleep(2000);
  const before = await askMemory(server);
  const sockets: Socket[] = [];
  let refused = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < devices.length) {
        const device = devices[next++] as Device;
        const socket = await connect(url, device);
        if (socket) sockets.push(socket);
        else refused += 1;
      }
    }),
  );
  const connectSeconds = (performance.now() - started) / 1000;
  let lost = 0;
  for (const socket of sockets) socket.on('disconnect', () => (lost += 1));

  // Let the server finish what connecting started (online state, logs), then weigh it.
  await sleep(5000);
  const after = await askMemory(server);
  await whileConnected?.();

  // The idle minute: each controller sends one reading at a random moment of it.
  const latencies: number[] = [];
  let notOk = 0;
  const sent = sockets.map(
    (socket, i) =>
      new Promise<void>((resolve) => {
        setTimeout(
          () => {
            if (!socket.connected) return resolve();
            const { event, reading } = benchReading(1, i + 1);
            const at = performance.now();
            socket
              .timeout(ACK_TIMEOUT_MS)
              .emit(event, reading, (error: Error | null, answer: { ok?: boolean } | undefined) => {
                if (error || !answer?.ok) notOk += 1;
                else latencies.push(performance.now() - at);
                resolve();
              });
          },
          Math.random() * SECONDS * 1000,
        );
      }),
  );
  await Promise.all(sent);
  const idleUntil = started + connectSeconds * 1000 + 5000 + SECONDS * 1000;
  await sleep(Math.max(0, idleUntil - performance.now()));

  for (const socket of sockets) {
    socket.removeAllListeners('disconnect');
    socket.disconnect();
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  const n = Math.max(1, sockets.length);
  return {
    connected: sockets.length,
    connectPerSecond: sockets.length / connectSeconds,
    refused,
    memoryPerConnection: {
      rss: (after.rss - before.rss) / n,
      heapUsed: (after.heapUsed - before.heapUsed) / n,
    },
    p50: at(0.5),
    p99: at(0.99),
    acked: latencies.length,
    notOk,
    lost,
  };
}

function line(label: string, r: RunResult) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    label.padEnd(16),
    String(r.connected).padStart(9),
    String(Math.round(r.connectPerSecond)).padStart(10),
    kb(r.memoryPerConnection.rss).padStart(10),
    kb(r.memoryPerConnection.heapUsed).padStart(10),
    `${r.p50.toFixed(1)} ms`.padStart(10),
    `${r.p99.toFixed(1)} ms`.padStart(10),
    String(r.notOk).padStart(7),
    String(r.lost).padStart(6),
    String(r.refused).padStart(8),
  ].join(' ');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return Promise.race([exited, sleep(15_000).then(() => void child.kill('SIGKILL'))]);
}

async function main() {
  const name = `lift_bench_conn_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${args.pg}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = `${args.pg}/${name}`;
  const children: ChildProcess[] = [];
  const serverArgs = (role: string) => [
    '--expose-gc',
    '--import',
    'tsx',
    'tools/bench/connections.ts',
    '--serve',
    role,
    '--port',
    String(PORT),
  ];
  try {
    const devices: Device[] = Array.from({ length: CONTROLLERS }, (_, i) => ({
      imei: `35778${String(i).padStart(10, '0')}`,
      key: randomBytes(24).toString('base64url'),
    }));

    const bare = spawn(process.execPath, serverArgs('bare'), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(bare);
    await new Promise((resolve) => bare.once('message', resolve));
    console.info(
      `${CONTROLLERS} controllers, one reading each within ${SECONDS} s, heartbeat every 25 s; ` +
        `file limit ${execFileSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()}`,
    );
    const ceiling = await run(`http://127.0.0.1:${PORT + 1}`, devices, bare);
    await stopChild(bare);

    const portal = spawn(process.execPath, serverArgs('portal'), {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(PORT),
        HOST: '127.0.0.2',
        SEED_DEMO: '0',
        SIMULATE_DEVICES: '0',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        AUTH_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: `/tmp/${name}`,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(portal);
    await waitUntilUp(`http://127.0.0.2:${PORT}/api/health`);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `insert into lifts (uid, address, imei, parameters, device_key_hash)
       select 'C-' || d.imei, 'Verbindungsweg 1', d.imei, '{}'::jsonb, d.hash
       from jsonb_to_recordset($1::jsonb) as d(imei text, hash text)`,
      [
        JSON.stringify(
          devices.map((d) => ({ imei: d.imei, hash: createHash('sha256').update(d.key).digest('hex') })),
        ),
      ],
    );
    let online = 0;
    const measured = await run(`http://127.0.0.2:${PORT}`, devices, portal, async () => {
      online = (await client.query('select count(*)::int as n from lifts where online')).rows[0]?.n ?? 0;
    });
    await client.end();

    console.info(
      `${'server'.padEnd(16)} ${'connected'.padStart(9)} ${'conn/s'.padStart(10)} ${'RSS/conn'.padStart(10)} ${'heap/conn'.padStart(10)} ${'ack p50'.padStart(10)} ${'ack p99'.padStart(10)} ${'not ok'.padStart(7)} ${'lost'.padStart(6)} ${'refused'.padStart(8)}`,
    );
    console.info(line('bare socket.io', ceiling));
    console.info(line('portal', measured));
    console.info(
      `ratio: connect rate ${(measured.connectPerSecond / ceiling.connectPerSecond).toFixed(2)}, ` +
        `RSS per connection ${(measured.memoryPerConnection.rss / Math.max(1, ceiling.memoryPerConnection.rss)).toFixed(1)}x; ` +
        `lifts online in the database while connected: ${online}`,
    );
  } finally {
    for (const child of children) await stopChild(child);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    rmSync(`/tmp/${name}`, { recursive: true, force: true });
  }
}

// Last: every function and constant above is defined by then.
if (args.serve === 'bare') {
  answerMemoryQuestions();
  // The ceiling: socket.io alone on the same namespace, acknowledging each reading at once.
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
} else if (args.serve === 'portal') {
  answerMemoryQuestions();
  await import('../../server/main');
} else {
  await raiseFileLimitOrRerun();
  await main();
}
