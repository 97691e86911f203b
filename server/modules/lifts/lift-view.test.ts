import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinDay } from '../../../contract/maintenance';
import { defaultParameters } from '../../../contract/parameters';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { liftScopeCondition } from '../../access/lifts';
import { lifts } from '../../db/schema/lifts';
import { createLiftFixtures, type LiftFixtures } from './lift-fixtures';
import { berlinDayOf, loadLifts, pageOfLifts } from './lift-view';

let t: TestApp;
let f: LiftFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await createLiftFixtures(t);
  const parameters = defaultParameters();
  parameters.general = { ...parameters.general, nenngeschwindigkeit: 1.6, beschleunigung: 0.75 };
  await t.database.handle.db
    .update(lifts)
    .set({ parameters, operatingHours: 12.25 })
    .where(eq(lifts.id, f.own.id));
});
afterAll(() => t.close());

describe('pages of lifts by prepared statements (docs/api.md#caches-and-their-bounds)', () => {
  it('answer what the statement built per request answers, by ids, by range, for each user, twice', async () => {
    const db = t.database.handle.db;
    for (const role of ['admin', 'customer', 'service_man'] as const) {
      const scope = liftScopeCondition({ id: f.ids[role], role, companyId: null });
      const byUid = await loadLifts(db, scope);
      const byTripsDesc = await loadLifts(db, scope, { orderBy: [desc(lifts.trips), asc(lifts.id)] });
      expect(byUid.length).toBeGreaterThan(0);
      for (let round = 0; round < 2; round++) {
        // The default order reads the page by its ids; a sort reads it by limit and offset.
        expect(await pageOfLifts(db, scope, { limit: 50, offset: 0 })).toEqual({
          lifts: byUid,
          count: byUid.length,
        });
        expect(await pageOfLifts(db, scope, { limit: 1, offset: 1 })).toEqual({
          lifts: byUid.slice(1, 2),
          count: byUid.length,
        });
        const sorted = await pageOfLifts(db, scope, {
          limit: 50,
          offset: 0,
          orderBy: [desc(lifts.trips), asc(lifts.id)],
        });
        expect(sorted).toEqual({ lifts: byTripsDesc, count: byUid.length });
      }
    }
    const [own] = await loadLifts(db, eq(lifts.id, f.own.id));
    expect(own?.parameters.general).toMatchObject({ nenngeschwindigkeit: 1.6, beschleunigung: 0.75 });
  });
});

describe('berlinDayOf', () => {
  it('is berlinDay, around midnight and the clock changes too', () => {
    const moments = [
      '2026-03-28T22:59:59.999Z',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T00:59:59.999Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T21:59:59.999Z',
      '2026-03-29T22:00:00.000Z',
      '2026-10-24T21:59:59.999Z',
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T00:59:59.999Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T22:59:59.999Z',
      '2026-10-25T23:00:00.000Z',
      '1999-12-31T23:30:00.000Z',
    ].map((text) => new Date(text));
    // And every 17 minutes through a year.
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 17 * 60_000)
      moments.push(new Date(at));
    for (const at of moments) expect(berlinDayOf(at), at.toISOString()).toBe(berlinDay(at));
  });
});
