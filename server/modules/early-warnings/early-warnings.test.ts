import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarlyWarning, LiftEarlyWarnings } from '../../../contract/schemas/early-warning';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { rowsOf } from '../../db/results';
import { addDays, CHART_DAYS, runEarlyWarnings } from './early-warnings.service';

/**
 * The daily evaluation over the demo history (docs/early-warnings.md#demo) and its reads, scoped
 * like lifts: the demo customer's door-fault and standstill lifts, the second customer's lift that
 * runs hours without trips.
 */

let t: TestApp;
const ids: Record<string, string> = {};

type Role = 'admin' | 'customer_admin' | 'customer' | 'service_man';
async function get(url: string, role: Role) {
  return t.app.inject({ method: 'GET', url, headers: await t.authHeaders(role) });
}
const listed = async (role: Role) => {
  const answer = await get('/api/early-warnings', role);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ evaluatedDay: string | null; warnings: EarlyWarning[] }>();
};
const rulesOf = (warnings: EarlyWarning[], uid: string) =>
  warnings.filter((w) => w.uid === uid).map((w) => w.rule);

beforeAll(async () => {
  // The demo lifts and their history are seeded in demo mode only (server/seed/index.ts); the job's
  // own first run may come too, the test's run evaluates the same days again.
  t = await createTestApp({ NODE_ENV: 'development', SIMULATE_DEVICES: '0' });
  const result = await t.app.db.execute(
    sql`select id::text as id, uid from lifts where uid in ('AZ-10038', 'AZ-10075', 'AZ-10482')`,
  );
  for (const row of rowsOf<{ id: string; uid: string }>(result)) ids[row.uid] = row.id;
});

afterAll(async () => {
  await t?.close();
});

describe('early warnings', () => {
  it('mark the demo lifts with unusual last days, each user seeing only his lifts', async () => {
    const run = await runEarlyWarnings(t.app.db);
    const all = await listed('admin');
    expect(all.evaluatedDay).toBe(run.day);
    expect(rulesOf(all.warnings, 'AZ-10038')).toEqual(['doorFaults']);
    expect(rulesOf(all.warnings, 'AZ-10075')).toEqual(['standstill']);
    expect(rulesOf(all.warnings, 'AZ-10482')).toEqual(['hoursWithoutTrips']);

    // The demo customer sees his two, not the second customer's lift; the customer admin all three
    // (one company); the service man the customer's lifts he serves.
    const customer = await listed('customer');
    expect(new Set(customer.warnings.map((w) => w.uid))).toContain('AZ-10038');
    expect(customer.warnings.map((w) => w.uid)).not.toContain('AZ-10482');
    const seen = await t.app.db.execute(sql`select count(*)::integer as n from lift_users lu
      join users u on u.id = lu.user_id where u.email = 'customer@demo.local' and lu.kind = 'customer'
      and lu.lift_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(customer.warnings.map((w) => w.liftId))}::jsonb))`);
    expect(rowsOf<{ n: number }>(seen)[0]?.n).toBe(new Set(customer.warnings.map((w) => w.liftId)).size);
    expect(rulesOf((await listed('customer_admin')).warnings, 'AZ-10482')).toEqual(['hoursWithoutTrips']);
    expect(rulesOf((await listed('service_man')).warnings, 'AZ-10075')).toEqual(['standstill']);
  });

  it("answer a lift's warning with the reason's figures and the series with its band", async () => {
    const answer = await get(`/api/lifts/${ids['AZ-10075']}/early-warnings`, 'customer');
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<LiftEarlyWarnings>();
    const [warning] = body.warnings;
    expect(warning).toMatchObject({ rule: 'standstill', uid: 'AZ-10075', value: 0 });
    expect(warning?.expected).toBeGreaterThan(20);
    expect(warning?.threshold).toBeLessThan(warning?.expected ?? 0);
    const [series] = body.series;
    expect(series?.rule).toBe('standstill');
    const points = series?.points ?? [];
    expect(points).toHaveLength(CHART_DAYS);
    expect(points.at(-1)).toMatchObject({ day: body.evaluatedDay, value: 0, flagged: true });
    expect(points.filter((p) => p.flagged).length).toBeLessThanOrEqual(3);
    expect(points[0]?.day).toBe(addDays(body.evaluatedDay ?? '', -(CHART_DAYS - 1)));
  });

  it('answer 404 for a lift the user does not see, and nothing for a lift without warnings', async () => {
    expect((await get(`/api/lifts/${ids['AZ-10482']}/early-warnings`, 'customer')).statusCode).toBe(404);
    expect(
      (await get('/api/lifts/00000000-0000-4000-8000-000000000000/early-warnings', 'admin')).statusCode,
    ).toBe(404);
    expect((await get('/api/lifts/not-a-uuid/early-warnings', 'admin')).statusCode).toBe(400);
    const quiet = await t.app.db.execute(sql`select id::text as id from lifts
      where id not in (select lift_id from early_warnings) limit 1`);
    const quietId = rowsOf<{ id: string }>(quiet)[0]?.id;
    const answer = await get(`/api/lifts/${quietId}/early-warnings`, 'admin');
    expect(answer.json<LiftEarlyWarnings>()).toMatchObject({ warnings: [], series: [] });
  });

  it('evaluate again from the last day on, keeping the warnings', async () => {
    const before = await listed('admin');
    const again = await runEarlyWarnings(t.app.db);
    expect(again.warnings).toBe(before.warnings.length);
    expect((await listed('admin')).warnings).toEqual(before.warnings);
  });
});
