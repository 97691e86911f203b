import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/server/helpers/database';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import { deviceReceipts } from '../../db/schema/devices';
import { messages } from '../../db/schema/messages';
import { insertLiftWithKey } from '../devices/device-test-kit';
import type { IngestStep } from './ingest';
import { READING_STEPS, ReadingPath, writeBatch } from './reading-path';
import { readingsOf } from './reading-test-kit';

const step = (): IngestStep => async () => undefined;

describe('ReadingPath', () => {
  it('runs the steps in the order of READING_STEPS, whatever order they were provided in', () => {
    const path = new ReadingPath();
    const provided = new Map(READING_STEPS.map((name) => [name, step()]));
    for (const name of [...READING_STEPS].reverse()) path.provide(name, provided.get(name) as IngestStep);
    expect(path.steps()).toEqual(READING_STEPS.map((name) => provided.get(name)));
  });

  it('names a step nobody provided instead of skipping it', () => {
    const path = new ReadingPath();
    path.provide('alarms', step());
    expect(() => path.steps()).toThrow('reading step analyticsRollup was not provided');
  });

  it('refuses a step provided twice', () => {
    const path = new ReadingPath();
    path.provide('alarms', step());
    expect(() => path.provide('alarms', step())).toThrow('provided twice');
  });
});

describe('writeBatch', () => {
  let database: TestDatabase;
  let db: Database;
  let quiet: { id: string; imei: string };
  let faulty: { id: string; imei: string };
  let fromQuiet: ReturnType<typeof readingsOf>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    quiet = await insertLiftWithKey(db);
    faulty = await insertLiftWithKey(db);
    fromQuiet = readingsOf(quiet);
  });

  afterAll(async () => {
    await database?.dispose();
  });

  /** A provided step that notes what it saw, and the lift rows as the steps before it left them. */
  function watching(name: string, seen: string[]): IngestStep {
    return async (tx, readings) => {
      const rows = rowsOf<{ trips: string | number }>(
        await tx.execute(sql`select trips from lifts where id in (${quiet.id}, ${faulty.id}) order by trips`),
      );
      seen.push(`${name}: ${readings.length} readings, trips ${rows.map((r) => Number(r.trips)).join(' ')}`);
      return () => seen.push(`${name} after the commit`);
    };
  }

  it('stores, writes the lift rows, then runs the provided steps in their order on the new readings', async () => {
    const fromFaulty = readingsOf(faulty);
    const stats = fromQuiet.stats(10, 1);
    const items = [stats, stats, fromFaulty.stats(20, 2), fromFaulty.error(8105, true)];
    const seen: string[] = [];
    const committed = await writeBatch(db, items, [
      watching('analyticsRollup', seen),
      watching('alarms', seen),
    ]);
    expect(seen).toEqual([
      'analyticsRollup: 3 readings, trips 10 20',
      'alarms: 3 readings, trips 10 20',
      'analyticsRollup after the commit',
      'alarms after the commit',
    ]);
    expect(committed.liftIds).toEqual(new Set([quiet.id, faulty.id]));
    // The same (imei, seq) twice in one batch is one reading.
    expect(committed.stored).toBe(3);
    expect(committed.messages).toHaveLength(3);
    expect(await db.select().from(messages).where(eq(messages.liftId, quiet.id))).toHaveLength(1);

    // Resent: acknowledged again, nothing else runs.
    const again: string[] = [];
    const resent = await writeBatch(db, items, [watching('analyticsRollup', again)]);
    expect(again).toEqual([]);
    expect(resent).toEqual({ liftIds: new Set(), stored: 0, messages: [] });
  });

  it('runs the provided steps it is given: a test may leave out the later ones', async () => {
    const seen: string[] = [];
    await writeBatch(db, [fromQuiet.stats(30, 3)], [watching('first', seen)]);
    expect(seen).toEqual(['first: 1 readings, trips 20 30', 'first after the commit']);
  });

  it('commits nothing of a batch whose step fails, and runs none of its work after the commit', async () => {
    const seen: string[] = [];
    const failing: IngestStep = async () => {
      throw new Error('step failed');
    };
    const reading = fromQuiet.stats(40, 4);
    await expect(writeBatch(db, [reading], [watching('analyticsRollup', seen), failing])).rejects.toThrow(
      'step failed',
    );
    expect(seen).toEqual(['analyticsRollup: 1 readings, trips 20 40']);
    const receipts = await db
      .select()
      .from(deviceReceipts)
      .where(inArray(deviceReceipts.imei, [quiet.imei]));
    expect(receipts.map((r) => r.seq).sort()).toEqual([1, 2]);
  });
});
