import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParameters } from '../../../../contract/parameters';
import { createTestDatabase, type TestDatabase } from '../../../../tests/server/helpers/database';
import type { Database } from '../../../db/client';
import { lifts } from '../../../db/schema/lifts';
import { insertLiftWithKey } from '../../devices/device-test-kit';
import { readingsOf, runStep } from '../reading-test-kit';
import { updateLiftsWithErrorEvents } from './update-lifts-with-error-events';

let database: TestDatabase;
let db: Database;
let faulty: { id: string; imei: string };
let quiet: { id: string; imei: string };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  faulty = await insertLiftWithKey(db);
  quiet = await insertLiftWithKey(db);
});

afterAll(async () => {
  await database?.dispose();
});

const liftRow = async (id: string) => (await db.select().from(lifts).where(eq(lifts.id, id)))[0];

describe('updateLiftsWithErrorEvents', () => {
  it('raises errors, sets counters and parameters of a lift with an error event, and no other lift', async () => {
    const fromFaulty = readingsOf(faulty);
    const fromQuiet = readingsOf(quiet);
    const parameters = {
      ...defaultParameters(),
      general: { ...defaultParameters().general, anzahlHaltestellen: 5 },
    };
    const raise = fromFaulty.error(8105, true);
    const batch = [
      fromFaulty.stats(120, 12),
      fromFaulty.stats(100, 10),
      raise,
      fromFaulty.params(parameters),
      fromQuiet.stats(50, 5),
    ];
    await runStep(db, updateLiftsWithErrorEvents, batch, batch);
    const row = await liftRow(faulty.id);
    expect(row).toMatchObject({
      trips: 120,
      operatingHours: 12,
      baselineTrips: 100,
      baselineOperatingHours: 10,
      parameters,
      activeErrors: [{ code: 8105, since: new Date(raise.reading.ts).toISOString() }],
      brokenSince: new Date(raise.reading.ts),
      brokenMs: 0,
      version: 2,
    });
    expect(row?.lastSeenAt).not.toBeNull();
    // Left to storeReadings' statement.
    expect(await liftRow(quiet.id)).toMatchObject({ trips: 0, lastSeenAt: null, version: 1 });
  });

  it('counts broken time from the first raise to the last clear, in the events own order', async () => {
    const before = await liftRow(faulty.id);
    const since = before?.brokenSince?.getTime() ?? 0;
    const fromFaulty = readingsOf(faulty, since + 60_000);
    const second = fromFaulty.error(8106, true);
    const clearFirst = fromFaulty.error(8105, false);
    const clearSecond = fromFaulty.error(8106, false);
    // Counters lower than the row's: they never go backwards.
    const stats = fromFaulty.stats(110, 11);
    const batch = [clearSecond, stats, clearFirst, second];
    await runStep(db, updateLiftsWithErrorEvents, batch, batch);
    expect(await liftRow(faulty.id)).toMatchObject({
      trips: 120,
      operatingHours: 12,
      baselineTrips: 100,
      activeErrors: [],
      brokenSince: null,
      brokenMs: clearSecond.reading.ts - since,
      version: 3,
    });
  });

  it('takes only the new readings: a resent raise leaves the error state as it is', async () => {
    const fromFaulty = readingsOf(faulty);
    const resent = fromFaulty.error(8107, true);
    const stats = fromFaulty.stats(130, 13);
    await runStep(db, updateLiftsWithErrorEvents, [resent, stats], [stats]);
    expect(await liftRow(faulty.id)).toMatchObject({
      trips: 130,
      activeErrors: [],
      brokenSince: null,
      version: 4,
    });
  });

  it('writes nothing when no new reading belongs to a lift with an error event', async () => {
    const fromQuiet = readingsOf(quiet);
    const batch = [fromQuiet.stats(60, 6), fromQuiet.info(12)];
    await runStep(db, updateLiftsWithErrorEvents, batch, batch);
    expect(await liftRow(quiet.id)).toMatchObject({ trips: 0, version: 1 });
  });
});
