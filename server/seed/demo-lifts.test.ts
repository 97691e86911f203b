import { count, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/server/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../tests/server/helpers/database';
import { descriptions } from '../db/schema/descriptions';
import { lifts } from '../db/schema/lifts';
import { messages } from '../db/schema/messages';
import { users } from '../db/schema/users';
import { DEMO_DESCRIPTIONS } from './demo-descriptions';
import { DEMO_LIFT_COUNT, DEMO_LIFT_IMEIS } from './demo-lifts';

let database: TestDatabase;
afterEach(() => database?.dispose());

const demoMode = { NODE_ENV: 'development' };

describe('demo lifts on first start (demo mode)', () => {
  it('seeds the catalogue, the lifts and their history once, consistent with the scope', async () => {
    database = await createTestDatabase();
    const db = database.handle.db;
    await (await createTestApp(demoMode, database)).close();
    const t = await createTestApp(demoMode, database);

    const [[liftCount], [descriptionCount], [userCount]] = await Promise.all([
      db.select({ value: count() }).from(lifts),
      db.select({ value: count() }).from(descriptions),
      db.select({ value: count() }).from(users),
    ]);
    expect(liftCount?.value).toBe(DEMO_LIFT_COUNT);
    expect(descriptionCount?.value).toBe(DEMO_DESCRIPTIONS.length);
    expect(DEMO_DESCRIPTIONS.length).toBeGreaterThanOrEqual(55);
    expect(userCount?.value).toBe(9);

    const listed = async (role: 'customer' | 'service_man' | 'customer_admin' | 'admin') =>
      (await t.app.inject({ url: '/api/lifts?pageSize=100', headers: await t.authHeaders(role) })).json();
    expect((await listed('customer')).count).toBe(12);
    expect((await listed('service_man')).count).toBe(8);
    expect((await listed('customer_admin')).count).toBe(22);
    const all = await listed('admin');
    expect(all.count).toBe(40);
    expect(
      all.lifts.filter((lift: { simVolumeStatus: string }) => lift.simVolumeStatus === 'noSim').length,
    ).toBeGreaterThan(0);
    expect(
      all.lifts.filter((lift: { simVolumeStatus: string }) => lift.simVolumeStatus === 'low').length,
    ).toBeGreaterThan(0);
    expect(
      all.lifts.filter((lift: { state: { maintenanceDue: boolean } }) => lift.state.maintenanceDue).length,
    ).toBeGreaterThan(0);

    const summary = (
      await t.app.inject({
        url: '/api/lifts/summary?range=last90Days',
        headers: await t.authHeaders('admin'),
      })
    ).json();
    expect(summary.counts.total).toBe(40);
    expect(summary.counts.inError).toBeGreaterThan(0);
    expect(summary.trips).toBeGreaterThan(0);
    expect(summary.errors).toBeGreaterThan(0);

    // Each lift's derived columns agree with its history.
    const rows = await db.select().from(lifts).where(isNull(lifts.deletedAt));
    for (const lift of rows) {
      const history = await db.select().from(messages).where(eq(messages.liftId, lift.id));
      const stats = history.filter((m) => m.kind === 'stats');
      expect(stats.length).toBeGreaterThan(300);
      expect(lift.trips).toBe(Math.max(...stats.map((m) => m.trips ?? 0)));
      const open = new Map<number, boolean>();
      for (const m of history.filter((x) => x.kind === 'error').sort((a, b) => +a.at - +b.at)) {
        open.set(m.code ?? -1, m.active === true);
      }
      const stillActive = [...open].filter(([, active]) => active).map(([code]) => code);
      expect(lift.activeErrors.map((e) => e.code).sort()).toEqual(stillActive.sort());
      expect(lift.deviceKeyHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(rows.map((row) => row.imei).sort()).toEqual([...DEMO_LIFT_IMEIS].sort());
    await t.close();
  });
});
