import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParameters } from '../../../contract/parameters';
import { createTestApp } from '../../../tests/server/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/server/helpers/database';
import { lifts } from '../../db/schema/lifts';
import { sims } from '../../db/schema/sims';
import { growUsageWithTrips, MB_PER_TRIP } from './sim-provider';
import { type SimSimulator, startSimSimulator } from './simulator';

/** The simulator's usage growth from the virtual controllers' trips (docs/sims.md#the-simulator). */

const BUSY = '89882806660000000101';
const IDLE = '89882806660000000102';
const GONE = '89882806660000000103';

let database: TestDatabase;
let simulator: SimSimulator;

async function addLift(uid: string, iccid: string, trips: number) {
  const [row] = await database.handle.db
    .insert(lifts)
    .values({
      uid,
      address: `${uid} Straße 1`,
      imei: `3569380356438${iccid.slice(-2)}`,
      iccid,
      trips,
      parameters: defaultParameters(),
    })
    .returning({ id: lifts.id });
  return row?.id ?? '';
}

const setTrips = (id: string, trips: number) =>
  database.handle.db.update(lifts).set({ trips }).where(eq(lifts.id, id));

beforeAll(async () => {
  database = await createTestDatabase();
  simulator = await startSimSimulator({
    clientId: 'c',
    clientSecret: 's',
    cards: [BUSY, IDLE, GONE].map((iccid) => ({ iccid, dataTotalMb: 500, dataLeftMb: 400 })),
  });
});

afterAll(async () => {
  await simulator?.close();
  await database?.dispose();
});

describe('growUsageWithTrips', () => {
  it("takes each lift's new trips off its card, from the second look on", async () => {
    const busy = await addLift('U-BUSY', BUSY, 1000);
    await addLift('U-IDLE', IDLE, 50);
    const gone = await addLift('U-GONE', GONE, 10);
    const tick = growUsageWithTrips(database.handle.db, simulator);

    // The first look only notes the counts: the trips before it cost nothing.
    await tick();
    expect(simulator.dataLeftMb(BUSY)).toBe(400);

    await setTrips(busy, 1250);
    await setTrips(gone, 500);
    await database.handle.db.update(lifts).set({ deletedAt: new Date() }).where(eq(lifts.id, gone));
    await tick();
    expect(simulator.dataLeftMb(BUSY)).toBeCloseTo(400 - 250 * MB_PER_TRIP, 6);
    expect(simulator.dataLeftMb(IDLE)).toBe(400);
    // A deleted lift's card is not charged.
    expect(simulator.dataLeftMb(GONE)).toBe(400);

    // Nothing new, nothing charged; a counter that went back (a controller reset) charges nothing.
    await tick();
    expect(simulator.dataLeftMb(BUSY)).toBeCloseTo(397.5, 6);
    await setTrips(busy, 100);
    await tick();
    expect(simulator.dataLeftMb(BUSY)).toBeCloseTo(397.5, 6);
    // ... and trips after it count from the lower figure.
    await setTrips(busy, 300);
    await tick();
    expect(simulator.dataLeftMb(BUSY)).toBeCloseTo(397.5 - 200 * MB_PER_TRIP, 6);
  });
});

describe('the simulator started with the portal', () => {
  it('serves the live SIM rows; a card a refresh found gone stays gone', async () => {
    const shared = await createTestDatabase();
    try {
      const live = '89882806660000000201';
      const gone = '89882806660000000202';
      await shared.handle.db.insert(sims).values([
        { iccid: live, quotaBytes: 500 * 1024 * 1024, usedBytes: 0 },
        { iccid: gone, quotaBytes: 500 * 1024 * 1024, usedBytes: 0, goneAt: new Date() },
      ]);
      const t = await createTestApp({}, shared);
      expect(t.app.simSimulator?.dataLeftMb(live)).toBe(500);
      expect(t.app.simSimulator?.dataLeftMb(gone)).toBeUndefined();
      await t.close();
    } finally {
      await shared.dispose();
    }
  });
});
