/**
 * Telemetry at scale (run by hand: `npm run bench:telemetry -- --rows 50000000`). Starts the real
 * server on a scratch PostgreSQL database (demo accounts), replaces the demo lifts with `--lifts`
 * lifts and generates `--rows` readings over `--months` months into the monthly partitions of
 * `messages` (generate_series; indexes and triggers off during the load, built afterwards, as a
 * restore would), plus analytics roll-ups. Then it times, one request at a time through the real
 * HTTP endpoints: the lift list, a lift's detail and its latest readings, the errors page over all
 * lifts, a first and a second sync pull page and the analytics, beside a bare `SELECT 1` round trip
 * and a bare route of the same server, and prints each as a ratio to the bare route. The scratch
 * database is dropped at the end (`--keep` keeps it); `--db <name>` times a kept one again without
 * generating (and keeps it).
 *
 *   tsx tools/bench/telemetry.ts [--rows 5000000] [--lifts 10000] [--months 24] [--requests 20]
 *     [--pg postgres://postgres@127.0.0.1:5432] [--port 3550] [--keep] [--db tel_bench_xxxxxxxx]
 *     [--without-floor]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { defaultParameters } from '../../contract/parameters';
import { schema } from '../../server/db/client';
import {
  createTelemetryRepository,
  syncFloorStart,
} from '../../server/modules/telemetry/telemetry.repository';
import { benchRequests, timeRuns } from './http-client';
import { benchServerEnv } from './portal-server';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000000' },
    lifts: { type: 'string', default: '10000' },
    months: { type: 'string', default: '24' },
    requests: { type: 'string', default: '20' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    port: { type: 'string', default: '3550' },
    keep: { type: 'boolean', default: false },
    /** Times the sync pull without the readings' sync floor (dropped first): the before of that change. */
    'without-floor': { type: 'boolean', default: false },
    db: { type: 'string' },
  },
});
const PORT = Number(args.port);
const ROWS = Number(args.rows);
const LIFTS = Number(args.lifts);
const MONTHS = Number(args.months);
const request = benchRequests(PORT, 1);

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The data set, straight into PostgreSQL. */
async function generate(client: pg.Client) {
  const t0 = performance.now();
  await client.query('delete from lifts');
  await client.query(
    `insert into lifts (uid, address, imei, parameters, trips, operating_hours, last_seen_at)
     select 'TEL-' || g, 'Messweg ' || g || ', 10115 Berlin', '37' || lpad(g::text, 13, '0'), $1::jsonb,
       g * 7, g / 10.0, now()
     from generate_series(1, $2::int) as g`,
    [JSON.stringify(defaultParameters()), LIFTS],
  );
  // The service man of the demo sees 200 lifts, as a large region would give him.
  await client.query(
    `insert into lift_users (lift_id, user_id, kind)
     select l.id, u.id, 'serviceman' from (select id from lifts order by uid limit 200) l,
       users u where u.email = 'service@demo.local'`,
  );
  await client.query(
    'create unlogged table bench_lifts as select (row_number() over (order by id)) - 1 as n, id from lifts',
  );
  await client.query('create index on bench_lifts (n)');

  // A restore's pace: no triggers (sync_seq comes from the column default), no indexes while loading.
  await client.query(`set session_replication_role = replica`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`set synchronous_commit = off`);
  // The indexes as the migrations left them (read, so a migration that adds or drops one keeps this
  // bench right); a partitioned table lists them `ON ONLY` the parent, which would skip the partitions.
  const indexes = (
    await client.query<{ name: string; definition: string }>(
      `select indexname as name, replace(indexdef, ' ON ONLY ', ' ON ') as definition from pg_indexes
       where schemaname = 'public' and tablename = 'messages' and indexname <> 'messages_year_id_at_pk'`,
    )
  ).rows;
  await client.query(`drop index ${indexes.map(({ name }) => client.escapeIdentifier(name)).join(', ')}`);
  await client.query('alter table messages drop constraint messages_year_id_at_pk');
  await client.query(
    `select messages_create_partitions(now() - ($1::int * interval '1 month') - interval '1 month', now() + interval '4 months')`,
    [MONTHS],
  );
  // Reading g of N lies (N - g) / N of the span back; lift g % lifts; about 2 % errors (raised and
  // cleared in turn), 1 % infos, the rest stats with counters that grow with time.
  const chunk = 1_000_000;
  for (let from = 1; from <= ROWS; from += chunk) {
    const to = Math.min(ROWS, from + chunk - 1);
    await client.query(
      `insert into messages (year, lift_id, kind, code, active, floor, trips, operating_hours, at, updated_at)
       select extract(year from s.at at time zone 'UTC')::smallint, b.id, s.kind,
         case when s.kind = 'stats' then null else 100 + s.g % 20 end,
         case when s.kind = 'stats' then null else (s.g / 50) % 2 = 0 end,
         case when s.kind = 'stats' then null else (s.g % 6)::int end,
         case when s.kind = 'stats' then (s.g / $2::int) * 4 else null end,
         case when s.kind = 'stats' then (s.g / $2::int) * 0.02 else null end,
         s.at, s.at
       from (
         select g, now() - ((($1::bigint - g)::float8 / $1::bigint) * $3::int) * interval '1 month' as at,
           case when g % 50 = 0 then 'error' when g % 97 = 0 then 'info' else 'stats' end as kind
         from generate_series($4::bigint, $5::bigint) as g
       ) s join bench_lifts b on b.n = s.g % $2::int`,
      [ROWS, LIFTS, MONTHS, from, to],
    );
    process.stdout.write(`\r  ${to.toLocaleString('en')} rows (${seconds(t0)})`);
  }
  process.stdout.write('\n');
  const t1 = performance.now();
  await client.query('alter table messages add constraint messages_year_id_at_pk primary key (year, id, at)');
  for (const { definition } of indexes) await client.query(definition);
  await client.query(`set session_replication_role = origin`);
  console.info(`  key and indexes built in ${seconds(t1)}`);

  // Roll-ups as the ingest keeps them: 180 days daily (90D and its previous period), 2 days hourly.
  await client.query(
    `insert into analytics_daily (lift_id, day, trips, hours, faults, repairs, repair_ms)
     select l.id, d::date, 200 + (hashtext(l.id::text || d::text) & 63), 9.5,
       case when (hashtext(l.id::text || d::text) & 15) = 0 then 1 else 0 end,
       case when (hashtext(l.id::text || d::text) & 15) = 0 then 1 else 0 end,
       case when (hashtext(l.id::text || d::text) & 15) = 0 then 1800000 else 0 end
     from lifts l, generate_series(current_date - 180, current_date, interval '1 day') d`,
  );
  await client.query(
    `insert into analytics_hourly (lift_id, hour, trips, hours, faults, repairs, repair_ms)
     select l.id, h, 10, 0.4, 0, 0, 0
     from lifts l, generate_series(date_trunc('hour', now()) - interval '2 days', now(), interval '1 hour') h`,
  );
  await client.query(
    `insert into analytics_codes (lift_id, day, code, faults)
     select lift_id, day, 100 + (hashtext(lift_id::text || day::text) & 15), faults
     from analytics_daily where faults > 0 on conflict do nothing`,
  );
  await client.query(
    `insert into analytics_outages (lift_id, started_at, ended_at)
     select lift_id, day + time '10:00', day + time '10:30' from analytics_daily where repairs > 0
     on conflict do nothing`,
  );
  // The ingest's per-lift state exists, as on a running portal; without it a start would backfill
  // the roll-ups from the readings (server/modules/analytics/backfill.ts).
  await client.query('insert into analytics_state (lift_id) select id from lifts on conflict do nothing');
  await client.query('analyze');
  const [counts] = (
    await client.query(`select (select count(*) from messages)::bigint as messages,
      (select count(*) from pg_inherits where inhparent = 'messages'::regclass)::int as partitions,
      pg_size_pretty(pg_database_size(current_database())) as size`)
  ).rows;
  console.info(
    `${LIFTS} lifts, ${Number(counts.messages).toLocaleString('en')} readings over ${MONTHS} months in ${counts.partitions} partitions, database ${counts.size} (generated in ${seconds(t0)})`,
  );
}

async function main() {
  const reuse = args.db;
  const name = reuse ?? `tel_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${args.pg}/postgres` });
  await admin.connect();
  if (!reuse) await admin.query(`create database "${name}"`);
  const databaseUrl = `${args.pg}/${name}`;
  const start = () =>
    spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: benchServerEnv(databaseUrl, PORT, name, secret),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  const up = async () => {
    for (let i = 0; ; i++) {
      const answer = await request('/api/health').catch(() => ({ status: 0 }));
      if (answer.status === 200) return;
      if (i > 600) throw new Error('server did not come up');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const stop = (child: ReturnType<typeof spawn>) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const secret = randomBytes(32).toString('hex');
  // The first start migrates and seeds the demo accounts; the data set is loaded with the server
  // stopped (its periodic jobs would scan the tables while their indexes are being rebuilt).
  let server = start();
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await up();
    await client.connect();
    if (!reuse) {
      await stop(server);
      console.info(`scratch database ${name}`);
      await generate(client);
      server = start();
    }
    // The readings' sync floor, as the telemetry upkeep records it every six hours on a running
    // portal (docs/telemetry.md#sync-pull-floor); a portal started a minute ago has none yet.
    if (args['without-floor']) {
      await client.query('delete from message_sync_floors');
      console.info('without the sync floor');
    } else {
      const floorStarted = performance.now();
      const recorded = await createTelemetryRepository(drizzle(client, { schema })).recordSyncFloor(
        syncFloorStart(new Date()),
      );
      console.info(`sync floor ${recorded ? 'recorded' : 'there already'} in ${seconds(floorStarted)}`);
    }
    // The demo customer sees the last 5 lifts, as a small customer would.
    await client.query(
      `insert into lift_users (lift_id, user_id, kind)
       select l.id, u.id, 'customer' from (select id from lifts order by uid desc limit 5) l,
         users u where u.email = 'customer@demo.local' on conflict do nothing`,
    );
    await up();

    const signIn = async (email: string) => {
      const answer = await request('/api/users/authenticate', undefined, { email, password: 'demo1234' });
      return JSON.parse(answer.text) as { access_token: string };
    };
    const adminToken = (await signIn('admin@demo.local')).access_token;
    const serviceToken = (await signIn('service@demo.local')).access_token;
    const customerToken = (await signIn('customer@demo.local')).access_token;
    const expectOk = async (path: string, token = adminToken) => {
      const answer = await request(path, token);
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
      return answer.text;
    };
    const [busiest] = (await client.query(`select id from lifts order by uid limit 1`)).rows;
    const liftId = String(busiest.id);
    const firstPull = JSON.parse(await expectOk('/api/sync/pull?limit=500')) as { cursor: string };
    const serviceFirst = JSON.parse(await expectOk('/api/sync/pull?limit=500', serviceToken)) as {
      cursor: string;
    };

    const n = Number(args.requests);
    const results: [string, { median: number; p95: number }][] = [];
    const measure = async (label: string, run: () => Promise<unknown>) => {
      results.push([label, await timeRuns(n, async () => void (await run()))]);
    };
    await measure('bare SELECT 1 round trip (pg)', () => client.query('select 1'));
    await measure('bare route GET /api/config', () => request('/api/config'));
    // Another page each time: requests for the same page within a second share one read
    // (docs/api.md#lift-list), which would time the sharing, not the list.
    let listPage = 0;
    await measure('lift list, a page of 20 (admin, not shared)', () =>
      expectOk(`/api/lifts/getByPagination?page=${++listPage}&pageSize=20`),
    );
    await measure('lift detail GET /api/lifts/:id', () => expectOk(`/api/lifts/${liftId}`));
    await measure("lift detail's latest stats (20)", () =>
      expectOk(`/api/messages/getStatsMsgs?liftId=${liftId}&page=1&pageSize=20`),
    );
    await measure("lift detail's latest errors (20)", () =>
      expectOk(`/api/messages/getDetailedMsgs?liftId=${liftId}&page=1&pageSize=20`),
    );
    await measure('errors page, all lifts (20 + count)', () =>
      expectOk('/api/messages/getDetailedMsgs?type=error&page=1&pageSize=20'),
    );
    await measure('errors page, all lifts, page 50', () =>
      expectOk('/api/messages/getDetailedMsgs?type=error&page=50&pageSize=20'),
    );
    await measure('errors page, code filter (20 + count)', () =>
      expectOk('/api/messages/getDetailedMsgs?type=error&code=105&page=1&pageSize=20'),
    );
    await measure('errors page, last 7 days (20 + count)', () =>
      expectOk(
        `/api/messages/getDetailedMsgs?type=error&from=${new Date(Date.now() - 7 * 86_400_000).toISOString()}&page=1&pageSize=20`,
      ),
    );
    await measure('errors page, service man (200 lifts)', () =>
      expectOk('/api/messages/getDetailedMsgs?type=error&page=1&pageSize=20', serviceToken),
    );
    await measure('errors page, customer (5 lifts)', () =>
      expectOk('/api/messages/getDetailedMsgs?type=error&page=1&pageSize=20', customerToken),
    );
    await measure('sync pull, first page (admin, 500)', () => expectOk('/api/sync/pull?limit=500'));
    await measure('sync pull, second page (admin, 500)', () =>
      expectOk(`/api/sync/pull?limit=500&cursor=${encodeURIComponent(firstPull.cursor)}`),
    );
    await measure('sync pull, first page (service man)', () =>
      expectOk('/api/sync/pull?limit=500', serviceToken),
    );
    await measure('sync pull, next page (service man)', () =>
      expectOk(`/api/sync/pull?limit=500&cursor=${encodeURIComponent(serviceFirst.cursor)}`, serviceToken),
    );
    await measure('analytics 90D (admin, all lifts)', () => expectOk('/api/analytics?range=90D'));
    await measure('analytics 7D, one lift', () => expectOk(`/api/analytics?range=7D&liftId=${liftId}`));

    const bare = results.find(([label]) => label.startsWith('bare route'))?.[1].median ?? 1;
    console.info(`${n} sequential requests each, after two warm-ups; ratio = median / bare route's median`);
    for (const [label, r] of results) {
      console.info(
        `${label.padEnd(40)} median ${r.median.toFixed(1).padStart(8)} ms   p95 ${r.p95.toFixed(1).padStart(8)} ms   ratio ${(r.median / bare).toFixed(1).padStart(6)}`,
      );
    }
  } finally {
    await client.end().catch(() => {});
    await stop(server);
    if (args.keep || reuse) console.info(`kept ${databaseUrl}`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    request.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
