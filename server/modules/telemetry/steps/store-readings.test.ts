import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParameters } from '../../../../contract/parameters';
import { createTestDatabase, type TestDatabase } from '../../../../tests/server/helpers/database';
import type { Database } from '../../../db/client';
import { deviceReceipts } from '../../../db/schema/devices';
import { lifts } from '../../../db/schema/lifts';
import { messages } from '../../../db/schema/messages';
import { insertLiftWithKey } from '../../devices/device-test-kit';
import type { Reading } from '../ingest';
import { readingsOf, runStep } from '../reading-test-kit';
import { storeReadings } from './store-readings';

let database: TestDatabase;
let db: Database;
let quiet: { id: string; imei: string };
let faulty: { id: string; imei: string };
let fromQuiet: ReturnType<typeof readingsOf>;
let batch: Reading[];
const parameters = {
  ...defaultParameters(),
  general: { ...defaultParameters().general, anzahlHaltestellen: 7 },
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  quiet = await insertLiftWithKey(db);
  faulty = await insertLiftWithKey(db);
  fromQuiet = readingsOf(quiet);
  const fromFaulty = readingsOf(faulty);
  const first = fromQuiet.stats(500, 40);
  const second = fromQuiet.stats(510, 41);
  batch = [
    second,
    first,
    fromQuiet.params(parameters),
    fromQuiet.info(12),
    fromFaulty.stats(90, 9),
    fromFaulty.error(8105, true),
  ];
});

afterAll(async () => {
  await database?.dispose();
});

const liftRow = async (id: string) => (await db.select().from(lifts).where(eq(lifts.id, id)))[0];

describe('storeReadings', () => {
  it('stores a receipt for each reading and a message for each stats and event, in the batch order', async () => {
    const stored = await runStep(db, storeReadings, batch);
    expect(stored.readings).toEqual(batch);
    expect(stored.messages.map((m) => [m.liftId, m.kind, m.trips ?? m.code])).toEqual([
      [quiet.id, 'stats', 510],
      [quiet.id, 'stats', 500],
      [quiet.id, 'info', 12],
      [faulty.id, 'stats', 90],
      [faulty.id, 'error', 8105],
    ]);
    const rows = await db
      .select({ id: messages.id, syncSeq: messages.syncSeq })
      .from(messages)
      .where(inArray(messages.liftId, [quiet.id, faulty.id]));
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(stored.messages.map((m) => m.id)));
    const positions = stored.messages.map((m) => rows.find((r) => r.id === m.id)?.syncSeq ?? 0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const receipts = await db
      .select()
      .from(deviceReceipts)
      .where(inArray(deviceReceipts.imei, [quiet.imei, faulty.imei]));
    expect(receipts).toHaveLength(6);
  });

  it('writes the row of a lift without an error event and leaves the others to the next step', async () => {
    const row = await liftRow(quiet.id);
    expect(row).toMatchObject({
      trips: 510,
      operatingHours: 41,
      baselineTrips: 500,
      baselineOperatingHours: 40,
      parameters,
      version: 2,
    });
    expect(row?.lastSeenAt).not.toBeNull();
    expect(await liftRow(faulty.id)).toMatchObject({
      trips: 0,
      lastSeenAt: null,
      version: 1,
      activeErrors: [],
    });
  });

  it('stores a resent reading once: it is no new reading and changes no lift row', async () => {
    const newer = fromQuiet.stats(520, 42);
    const again = await runStep(db, storeReadings, [...batch, newer]);
    expect(again.readings).toEqual([newer]);
    expect(again.messages.map((m) => m.trips)).toEqual([520]);
    expect(await liftRow(quiet.id)).toMatchObject({ trips: 520, baselineTrips: 500, version: 3 });
    expect(await liftRow(faulty.id)).toMatchObject({ trips: 0, version: 1 });
    expect(await db.select().from(messages).where(eq(messages.liftId, quiet.id))).toHaveLength(4);
  });
});
