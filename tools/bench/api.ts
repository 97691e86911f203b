/**
 * API benchmark (run by hand: `npm run bench:api`). Starts the real server on a scratch
 * PostgreSQL database with the demo accounts, inserts 100,000 lifts (a few hundred of them the
 * demo customer's), and measures `GET /api/lifts/getByPagination` as admin and as customer
 * beside a bare route of the same server (`GET /api/config`, no database), same client code. The
 * 32 clients ask for the first page, so they share reads as a lift company's staff opening the list
 * would (docs/api.md#lift-list); a last run asks for another page each time, which nothing shares.
 *
 *   tsx tools/bench/api.ts [--lifts 100000] [--seconds 5] [--concurrency 32] [--pg postgres://postgres@127.0.0.1:5432]
 *     [--cpu-prof <dir>]   (the server writes a V8 CPU profile of the run into <dir> when it stops)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { defaultParameters } from '../../contract/parameters';
import { benchRequests } from './http-client';
import { benchServerEnv } from './portal-server';

const { values: args } = parseArgs({
  options: {
    lifts: { type: 'string', default: '100000' },
    customerLifts: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '32' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    port: { type: 'string', default: '3199' },
    'cpu-prof': { type: 'string' },
  },
});
const PORT = Number(args.port);
const request = benchRequests(PORT, Number(args.concurrency));

/**
 * CPU seconds (user + system) of the server process and of the database's backends, from /proc:
 * on a machine shared with other work a request's CPU cost moves far less than req/s does.
 */
function cpuSeconds(pids: readonly number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100); // USER_HZ
    } catch {
      // gone meanwhile, or no /proc
    }
  }
  return seconds;
}

/** CPU seconds spent between two readings by the processes present in both. */
function spent(from: Map<number, number> | undefined, to: Map<number, number> | undefined): number | null {
  if (!from || !to) return null;
  let total = 0;
  let any = false;
  for (const [pid, seconds] of to) {
    const start = from.get(pid);
    if (start === undefined) continue;
    total += seconds - start;
    any = true;
  }
  return any ? total : null;
}

type CpuReading = { node: Map<number, number>; db: Map<number, number> };

async function load(path: string | ((n: number) => string), token?: string, cpu?: () => Promise<CpuReading>) {
  const before = await cpu?.();
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const until = performance.now() + Number(args.seconds) * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Number(args.concurrency) }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const { status } = await request(typeof path === 'string' ? path : path(sent++), token);
        if (status === 200) latencies.push(performance.now() - t0);
        else errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  const after = await cpu?.();
  const perRequest = (seconds: number | null) =>
    seconds === null || latencies.length === 0 ? null : (seconds * 1e6) / latencies.length;
  return {
    perSecond: latencies.length / elapsed,
    p99,
    errors,
    nodeMicros: perRequest(spent(before?.node, after?.node)),
    dbMicros: perRequest(spent(before?.db, after?.db)),
  };
}

async function main() {
  const name = `lift_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${args.pg}/postgres` });
  // A connection dropped by the server (another client's restart or termination) must not crash the run.
  admin.on('error', (error) => console.error('admin connection:', error.message));
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = `${args.pg}/${name}`;
  const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
    env: benchServerEnv(databaseUrl, PORT, name),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      const up = await request('/api/health').catch(() => ({ status: 0 }));
      if (up.status === 200) break;
      if (i > 900) throw new Error('server did not come up');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const signIn = async (email: string) => {
      const answer = await request('/api/users/authenticate', undefined, { email, password: 'demo1234' });
      return JSON.parse(answer.text) as { access_token: string; user: { id: string } };
    };
    const adminSession = await signIn('admin@demo.local');
    const customerSession = await signIn('customer@demo.local');

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const t0 = performance.now();
    await client.query(
      `insert into lifts (uid, address, imei, parameters, trips, operating_hours)
       select 'BENCH-' || g, 'Lastweg ' || g || ', 10115 Berlin', '36' || lpad(g::text, 13, '0'), $1::jsonb, g * 7, g / 10.0
       from generate_series(1, $2::int) as g`,
      [JSON.stringify(defaultParameters()), Number(args.lifts)],
    );
    await client.query(
      `insert into lift_users (lift_id, user_id, kind)
       select id, $1::uuid, 'customer' from lifts where uid like 'BENCH-%' order by uid limit $2::int`,
      [customerSession.user.id, Number(args.customerLifts)],
    );
    await client.query('analyze');
    const [{ n }] = (await client.query('select count(*)::int as n from lifts')).rows;
    console.info(
      `${n} lifts (inserted in ${Math.round(performance.now() - t0)} ms), ${args.concurrency} concurrent requests, ${args.seconds} s each`,
    );
    await client.end();

    const page = '/api/lifts/getByPagination?page=1&pageSize=20';
    const probe = await request(page, adminSession.access_token);
    if (probe.status !== 200) throw new Error(`${page}: ${probe.status} ${probe.text.slice(0, 200)}`);

    const serverPid = server.pid;
    const cpu = async () => {
      const backends = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return {
        node: cpuSeconds(serverPid === undefined ? [] : [serverPid]),
        db: cpuSeconds(backends.rows.map((row) => row.pid)),
      };
    };
    const bare = await load('/api/config', undefined, cpu);
    const asAdmin = await load(page, adminSession.access_token, cpu);
    const asCustomer = await load(page, customerSession.access_token, cpu);
    // Requests for the same page within a second share one read (docs/api.md#lift-list); here every
    // request asks for another page (100 pages × 50 page sizes), so none is shared.
    const unshared = await load(
      (n) => `/api/lifts/getByPagination?page=${1 + (n % 100)}&pageSize=${20 + (Math.floor(n / 100) % 50)}`,
      adminSession.access_token,
      cpu,
    );
    const micros = (value: number | null) =>
      value === null ? '    -' : Math.round(value).toString().padStart(5);
    const line = (label: string, r: Awaited<ReturnType<typeof load>>) =>
      `${label.padEnd(34)} ${Math.round(r.perSecond).toString().padStart(6)} req/s   p99 ${r.p99.toFixed(1).padStart(6)} ms   ratio ${(r.perSecond / bare.perSecond).toFixed(3)}   errors ${r.errors}   CPU/request: server ${micros(r.nodeMicros)} µs, database ${micros(r.dbMicros)} µs`;
    const load1 = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    console.info(
      `load average while measuring: ${load1} (req/s ratios mean little when it exceeds the cores)`,
    );
    console.info(line('bare route GET /api/config', bare));
    console.info(line('getByPagination as admin', asAdmin));
    console.info(line('getByPagination as customer', asCustomer));
    console.info(line('admin, another page each request', unshared));
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    request.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
