import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsAnswer } from '../../../contract/schemas/analytics';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { insertLiftWithKey } from '../devices/device-test-kit';
import type { Reading } from '../telemetry/ingest';
import { writeBatch } from '../telemetry/reading-path';
import { backfillRollupsIfEmpty } from './backfill';
import { analyticsIngestStep, rollUp } from './rollup';

/** Roll-ups kept by the ingest, the backfill migration, and `GET /analytics` over them (docs/analytics.md). */

let t: TestApp;
let own: { id: string; imei: string };
let foreign: { id: string; imei: string };
const MIN = 60_000;
// Three hours ago: inside "last 7 days" whenever the test runs.
const base = Math.floor((Date.now() - 3 * 60 * MIN) / MIN) * MIN;
let seq = 0;

const stats = (lift: { id: string; imei: string }, at: number, trips: number, hours: number): Reading => ({
  kind: 'stats',
  liftId: lift.id,
  imei: lift.imei,
  reading: { seq: ++seq, ts: at, trips, operatingHours: hours },
});
const event = (lift: { id: string; imei: string }, at: number, code: number, active: boolean): Reading => ({
  kind: 'event',
  liftId: lift.id,
  imei: lift.imei,
  reading: { seq: ++seq, ts: at, code, type: 'error', active, floor: 2 },
});

async function analytics(query: string, role: 'admin' | 'customer' | 'service_man' = 'admin') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/analytics?${query}`,
    headers: await t.authHeaders(role),
  });
  return response;
}

beforeAll(async () => {
  t = await createTestApp();
  const customer = (await t.signInAs('customer')).user.id;
  const serviceMan = (await t.signInAs('service_man')).user.id;
  own = await insertLiftWithKey(t.app.db, { customers: [customer], servicemen: [serviceMan] });
  foreign = await insertLiftWithKey(t.app.db);
  await t.app.inject({
    method: 'POST',
    url: '/api/descriptions/register',
    headers: await t.authHeaders('admin'),
    payload: { number: 8105, name: 'Door blocked', nameDE: 'Tür blockiert', type: 'error' },
  });
  const first = [
    stats(own, base, 1000, 100),
    stats(own, base + 60 * MIN, 1100, 101),
    event(own, base + 10 * MIN, 8105, true),
    // A repeated raise of a raised code is no new fault.
    event(own, base + 20 * MIN, 8105, true),
    event(own, base + 40 * MIN, 8105, false),
    stats(foreign, base, 50, 5),
    stats(foreign, base + 30 * MIN, 80, 5.5),
  ];
  await writeBatch(t.app.db, first, [analyticsIngestStep]);
  const second = [
    stats(own, base + 120 * MIN, 1250, 102.5),
    event(own, base + 120 * MIN, 8107, true),
    event(foreign, base + 30 * MIN, 8105, true),
    event(foreign, base + 90 * MIN, 8105, false),
  ];
  await writeBatch(t.app.db, second, [analyticsIngestStep]);
  // The same readings again (a controller resending): stored once, counted once.
  await writeBatch(t.app.db, second, [analyticsIngestStep]);
});

afterAll(async () => {
  await t?.close();
});

describe('roll-ups', () => {
  it('counts deltas of the counters; a counter that went down restarted from zero', () => {
    const state = { trips: 100, hours: 10, countedAt: 800, activeCodes: [], downSince: null };
    const buckets = new Map<string, { trips: number; hours: number }>();
    const hourly = (hour: string) => {
      const row = buckets.get(hour) ?? { trips: 0, hours: 0, faults: 0, repairs: 0, repair_ms: 0 };
      buckets.set(hour, row);
      return row as never;
    };
    const reading = (ts: number, trips: number, hours: number): Reading => ({
      kind: 'stats',
      liftId: 'x',
      imei: 'x',
      reading: { seq: ts, ts, trips, operatingHours: hours },
    });
    rollUp(state, [reading(1000, 150, 11), reading(2000, 20, 11.5), reading(500, 999, 99)], {
      hourly,
      code: () => {},
      outage: () => {},
    });
    // 50 + 20 trips (reset), 1 + 0.5 hours; the older reading is inside a delta already counted.
    expect([...buckets.values()][0]).toMatchObject({ trips: 70, hours: 1.5 });
    expect(state).toMatchObject({ trips: 20, hours: 11.5, countedAt: 2000 });
  });
});

describe('GET /analytics', () => {
  it('has the demo seed’s readings rolled up at the first start', async () => {
    const result = await t.app.db.execute(
      sql`select (select count(*) from messages where kind = 'stats')::integer as readings,
        (select count(*) from analytics_daily)::integer as daily`,
    );
    const [counts] = (result as { rows: { readings: number; daily: number }[] }).rows;
    expect(counts?.readings).toBeGreaterThan(0);
    expect(counts?.daily).toBeGreaterThan(0);
  });

  it('answers the figures of the lifts the admin sees, for one lift too', async () => {
    const response = await analytics(`range=7D&liftId=${own.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AnalyticsAnswer>();
    expect(body.lifts).toBe(1);
    expect(body.bucket).toBe('day');
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(body.totals).toMatchObject({
      trips: 250,
      operatingHours: 2.5,
      faults: 2,
      repairs: 1,
      mttrMinutes: 30,
    });
    expect(body.totals.mtbfHours).toBe(1.25);
    // 30 minutes of the first outage and the open one since base + 2 h, over 7 days up to now.
    expect(body.totals.downtimeHours).toBeGreaterThanOrEqual(1.5);
    expect(body.totals.availability).toBeLessThan(1);
    expect(body.totals.availability).toBeGreaterThan(0.9);
    expect(body.topCodes).toEqual(
      expect.arrayContaining([
        { code: 8105, name: 'Door blocked', nameDE: 'Tür blockiert', faults: 1 },
        { code: 8107, name: null, nameDE: null, faults: 1 },
      ]),
    );
    expect(body.series.reduce((sum, point) => sum + point.trips, 0)).toBe(250);
  });

  it('sums every lift in scope and ranks them by faults', async () => {
    const body = (await analytics('range=90D')).json<AnalyticsAnswer>();
    expect(body.totals.trips).toBeGreaterThanOrEqual(280);
    const ranked = body.ranking.filter((row) => row.liftId === own.id || row.liftId === foreign.id);
    expect(ranked.map((row) => [row.liftId, row.faults])).toEqual([
      [own.id, 2],
      [foreign.id, 1],
    ]);
    expect(ranked[1]?.downtimeHours).toBe(1);
  });

  it('keeps customers and service men to their lifts', async () => {
    for (const role of ['customer', 'service_man'] as const) {
      const body = (await analytics('range=7D', role)).json<AnalyticsAnswer>();
      expect(body.lifts).toBe(1);
      expect(body.totals.trips).toBe(250);
      expect(body.ranking.map((row) => row.liftId)).toEqual([own.id]);
      expect((await analytics(`range=7D&liftId=${foreign.id}`, role)).statusCode).toBe(404);
    }
  });

  it('answers calendar ranges in Europe/Berlin, with the period before for comparison', async () => {
    const week = (await analytics('range=TW')).json<AnalyticsAnswer>();
    const from = new Date(week.from);
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(from),
    ).toBe('Mon 00:00');
    const length = Date.parse(week.to) - Date.parse(week.from);
    expect(Math.abs(length - 7 * 24 * 60 * MIN)).toBeLessThanOrEqual(60 * MIN);
    const lastWeek = (await analytics('range=LW')).json<AnalyticsAnswer>();
    expect(lastWeek.to).toBe(week.from);
    expect(lastWeek.previousFrom).toBe((await analytics('range=2W')).json<AnalyticsAnswer>().from);
    const today = (await analytics('range=DT')).json<AnalyticsAnswer>();
    expect(today.bucket).toBe('hour');
    expect((await analytics('range=DY')).json<AnalyticsAnswer>().to).toBe(today.from);
    expect((await analytics('range=1Y')).statusCode).toBe(400);
  });

  it('gets the same roll-ups from the backfill migration as from the ingest', async () => {
    const tables = ['analytics_hourly', 'analytics_daily', 'analytics_codes', 'analytics_outages'];
    const snapshot = async () => {
      const out: Record<string, unknown> = {};
      for (const table of tables) {
        const result = await t.app.db.execute(
          sql.raw(`select * from ${table} where lift_id in ('${own.id}', '${foreign.id}') order by 1, 2, 3`),
        );
        out[table] = JSON.parse(JSON.stringify((result as { rows: unknown[] }).rows));
      }
      return out;
    };
    const before = await snapshot();
    const truncate = () =>
      t.app.db.execute(sql.raw(`truncate ${tables.join(', ')}, analytics_state, maintenance_visits cascade`));
    await truncate();
    const migration = readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0012_analytics_sql.sql'),
      'utf8',
    );
    // The trigger statements exist already; the rest is the backfill.
    for (const statement of migration.split('--> statement-breakpoint').slice(2)) {
      await t.app.db.execute(sql.raw(statement));
    }
    expect(await snapshot()).toEqual(before);
    // The same backfill after a first start's seed (server/modules/analytics/backfill.ts), once.
    await truncate();
    expect(await backfillRollupsIfEmpty(t.app.db)).toBe(true);
    expect(await snapshot()).toEqual(before);
    expect(await backfillRollupsIfEmpty(t.app.db)).toBe(false);
  });
});
