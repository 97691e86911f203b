/**
 * Analytics benchmark (run by hand: `npm run bench:analytics`). Starts the real server on a scratch
 * PostgreSQL database with the demo accounts, inserts 1,000 lifts with 90 days of roll-ups (hourly
 * rows, the daily rows summed from them, fault codes and outages as the ingest keeps them:
 * server/modules/analytics/rollup.ts), and measures `GET /api/analytics` as admin (all lifts) for
 * 90 days and for today, one request at a time, beside a bare `SELECT 1` round trip to the same
 * database and a bare route of the same server (`GET /api/config`).
 *
 *   tsx tools/bench/analytics.ts [--lifts 1000] [--days 90] [--requests 30] [--pg postgres://postgres@127.0.0.1:5432]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { defaultParameters } from '../../contract/parameters';
import { benchRequests, timeRuns } from './http-client';
import { benchServerEnv } from './portal-server';

const { values: args } = parseArgs({
  options: {
    lifts: { type: 'string', default: '1000' },
    days: { type: 'string', default: '90' },
    requests: { type: 'string', default: '30' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    port: { type: 'string', default: '3951' },
  },
});
const PORT = Number(args.port);
const request = benchRequests(PORT, 1);

async function main() {
  const name = `lift_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${args.pg}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const databaseUrl = `${args.pg}/${name}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: benchServerEnv(databaseUrl, PORT, name),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    for (let i = 0; ; i++) {
      const up = await request('/api/health').catch(() => ({ status: 0 }));
      if (up.status === 200) break;
      if (i > 150) throw new Error('server did not come up');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const signIn = async (email: string) => {
      const answer = await request('/api/users/authenticate', undefined, { email, password: 'demo1234' });
      return JSON.parse(answer.text) as { access_token: string; user: { id: string } };
    };
    const adminSession = await signIn('admin@demo.local');

    await client.connect();
    const lifts = Number(args.lifts);
    const days = Number(args.days);
    const t0 = performance.now();
    await client.query('delete from lifts');
    await client.query(
      `insert into lifts (uid, address, imei, parameters, trips, operating_hours)
       select 'BENCH-' || g, 'Lastweg ' || g || ', 10115 Berlin', '37' || lpad(g::text, 13, '0'), $1::jsonb, g * 7, g / 10.0
       from generate_series(1, $2::int) as g`,
      [JSON.stringify(defaultParameters()), lifts],
    );
    // Every lift reports every hour of the range; about one fault a day each.
    await client.query(
      `insert into analytics_hourly (lift_id, hour, trips, hours, faults, repairs, repair_ms)
       select l.id, h, 10 + (extract(hour from h)::int * 3) % 17, 0.4,
         case when (hashtext(l.id::text || h::text) & 31) = 0 then 1 else 0 end,
         case when (hashtext(l.id::text || h::text) & 31) = 1 then 1 else 0 end,
         case when (hashtext(l.id::text || h::text) & 31) = 1 then 1800000 else 0 end
       from lifts l, generate_series(date_trunc('hour', now()) - ($1::int * interval '1 day'), now(), interval '1 hour') h`,
      [days],
    );
    await client.query(
      `insert into analytics_daily (lift_id, day, trips, hours, faults, repairs, repair_ms)
       select lift_id, (hour at time zone 'Europe/Berlin')::date, sum(trips), sum(hours), sum(faults), sum(repairs), sum(repair_ms)
       from analytics_hourly group by 1, 2`,
    );
    await client.query(
      `insert into analytics_codes (lift_id, day, code, faults)
       select lift_id, (hour at time zone 'Europe/Berlin')::date, 100 + (hashtext(hour::text) & 15), count(*)
       from analytics_hourly where faults > 0 group by 1, 2, 3
       on conflict do nothing`,
    );
    await client.query(
      `insert into analytics_outages (lift_id, started_at, ended_at)
       select lift_id, hour - interval '30 minutes', hour from analytics_hourly where repairs > 0
       on conflict do nothing`,
    );
    await client.query('analyze');
    const counts = (
      await client.query(`select (select count(*) from analytics_hourly)::int as hourly,
        (select count(*) from analytics_daily)::int as daily, (select count(*) from analytics_codes)::int as codes,
        (select count(*) from analytics_outages)::int as outages`)
    ).rows[0];
    console.info(
      `${lifts} lifts, ${days} days: ${counts.hourly} hourly, ${counts.daily} daily, ${counts.codes} code and ${counts.outages} outage rows (inserted in ${Math.round(performance.now() - t0)} ms); ${args.requests} sequential requests each`,
    );

    const expectOk = async (path: string) => {
      const answer = await request(path, adminSession.access_token);
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
      return answer;
    };
    const probe = JSON.parse((await expectOk('/api/analytics?range=90D')).text) as { lifts: number };
    if (probe.lifts < lifts) throw new Error(`analytics saw ${probe.lifts} lifts`);

    const n = Number(args.requests);
    const selectOne = await timeRuns(n, async () => {
      await client.query('select 1');
    });
    const bare = await timeRuns(n, async () => {
      await request('/api/config');
    });
    const line = (label: string, r: { median: number; p95: number }) =>
      `${label.padEnd(40)} median ${r.median.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms`;
    console.info(line('bare SELECT 1 round trip (pg)', selectOne));
    console.info(line('bare route GET /api/config', bare));
    for (const range of ['90D', '28D', '7D', 'DT']) {
      const result = await timeRuns(n, async () => {
        await expectOk(`/api/analytics?range=${range}`);
      });
      console.info(line(`GET /api/analytics?range=${range} (admin)`, result));
    }
  } finally {
    await client.end().catch(() => {});
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
