import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { createPostgresDatabase, TEST_DB_KIND } from '../../../tests/server/helpers/database';
import { MIGRATIONS_DIR } from '../../../tests/server/helpers/paths';
import { type Database, openDatabase } from '../../db/client';
import { rowsOf } from '../../db/results';
import { deviceReceipts } from '../../db/schema/devices';
import { lifts } from '../../db/schema/lifts';
import { messageSyncFloors, messages } from '../../db/schema/messages';
import { createLiftFixtures, type LiftFixtures } from '../lifts/lift-fixtures';

const monthsAgo = (months: number, day = 10) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, day, 12));
};

async function partitionOf(db: Database, id: string): Promise<string> {
  const [row] = rowsOf<{ part: string }>(
    await db.execute(sql`select tableoid::regclass::text as part from messages where id = ${id}`),
  );
  return row?.part ?? '';
}

describe('migration 0016 on a database with readings', () => {
  it('moves the readings into monthly partitions, keeping ids and sync positions', async () => {
    // The migrations up to 0015 in a folder of their own, then all of them.
    const before = mkdtempSync(path.join(os.tmpdir(), 'tel-migrations-'));
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    const journalPath = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((entry) => entry.tag.endsWith('_messages_partitioned'));
    journal.entries = journal.entries.slice(0, upTo);
    writeFileSync(journalPath, JSON.stringify(journal));

    const postgres = TEST_DB_KIND === 'postgres' ? await createPostgresDatabase() : undefined;
    const dataDir = postgres ? undefined : mkdtempSync(path.join(os.tmpdir(), 'tel-pglite-'));
    const open = (migrationsDir: string) =>
      postgres
        ? openDatabase({ kind: 'postgres', url: postgres.url, migrationsDir })
        : openDatabase({ kind: 'pglite', dataDir, migrationsDir });
    try {
      const old = await open(before);
      // Plain SQL: the lift table of today has columns that later migrations add.
      const [lift] = rowsOf<{ id: string }>(
        await old.db.execute(sql`insert into lifts (uid, address, imei, parameters)
          values ('T-1', 'Teststraße 1', '356938035643001', '{}') returning id::text`),
      );
      const liftId = lift?.id ?? '';
      const dates = [monthsAgo(30), monthsAgo(2), monthsAgo(0, 1)];
      const inserted = await old.db
        .insert(messages)
        .values(
          dates.map((at, i) => ({
            year: at.getUTCFullYear(),
            liftId,
            kind: i === 1 ? ('error' as const) : ('stats' as const),
            code: i === 1 ? 4 : null,
            active: i === 1 ? true : null,
            trips: i === 1 ? null : i * 10,
            at,
          })),
        )
        .returning();
      await old.close();

      const migrated = await open(MIGRATIONS_DIR);
      try {
        const rows = await migrated.db.select().from(messages);
        expect(rows.map((r) => [r.id, r.syncSeq, r.at.toISOString()]).sort()).toEqual(
          inserted.map((r) => [r.id, r.syncSeq, r.at.toISOString()]).sort(),
        );
        const month = (at: Date) =>
          `messages_p${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
        for (const row of inserted) expect(await partitionOf(migrated.db, row.id)).toBe(month(row.at));
        // New writes still draw sync positions (the triggers are on the partitioned table).
        const [fresh] = await migrated.db
          .insert(messages)
          .values({ year: dates[2]?.getUTCFullYear() ?? 0, liftId, kind: 'stats', trips: 99, at: new Date() })
          .returning();
        const highest = Math.max(...inserted.map((r) => r.syncSeq));
        expect(fresh?.syncSeq).toBeGreaterThan(highest);
        // The lift's readings go with it (the foreign key came along).
        await migrated.db.delete(lifts).where(sql`id = ${liftId}`);
        expect(await migrated.db.select().from(messages)).toEqual([]);
      } finally {
        await migrated.close();
      }
    } finally {
      await postgres?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(before, { recursive: true, force: true });
    }
    // Every migration runs twice on a fresh PGlite data directory: slow on a busy machine.
  }, 180_000);
});

describe('telemetry upkeep', () => {
  let t: TestApp;
  let db: Database;
  let liftId: string;
  let f: LiftFixtures;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.handle.db;
    f = await createLiftFixtures(t);
    liftId = f.own.id;
  });
  afterAll(() => t.close());

  const insert = async (kind: 'stats' | 'error' | 'info', at: Date) => {
    const [row] = await db
      .insert(messages)
      .values({
        year: at.getUTCFullYear(),
        liftId,
        kind,
        code: kind === 'stats' ? null : 7,
        active: kind === 'stats' ? null : true,
        trips: kind === 'stats' ? 1 : null,
        at,
      })
      .returning();
    return row ?? expect.unreachable();
  };

  it('has the partitions of this month and the next ones ready from the start', async () => {
    expect(await t.app.telemetry.createPartitions()).toBe(0);
    const now = new Date();
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await partitionOf(db, f.ownMessageId)).toBe(`messages_p${month}`);
    const [fallback] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from messages_default`),
    );
    expect(fallback?.n).toBe(0);
  });

  it('creates the partitions of a month whose readings went to the DEFAULT one, keeping them', async () => {
    const old = await insert('info', monthsAgo(40));
    expect(await partitionOf(db, old.id)).toBe('messages_default');
    expect(await t.app.telemetry.createPartitions()).toBe(1);
    const [moved] = await db.select().from(messages).where(sql`id = ${old.id}`);
    expect(moved).toEqual(old);
    expect(await partitionOf(db, old.id)).toMatch(/^messages_p\d{6}$/);
  });

  it('searches only the partitions of the year when a reading is addressed by (year, id)', async () => {
    const lastYear = new Date(Date.UTC(new Date().getUTCFullYear() - 1, 5, 1));
    await insert('info', lastYear);
    await t.app.telemetry.createPartitions();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${(await insert('info', monthsAgo(0, 1))).id}`,
      headers: await t.authHeaders('admin'),
      payload: {
        year: monthsAgo(0, 1).getUTCFullYear(),
        isNotes: true,
        notes: { title: 'x', notes: '', urls: [] },
      },
    });
    expect(response.statusCode).toBe(200);
    const year = new Date().getUTCFullYear();
    const plan = rowsOf<Record<string, string>>(
      await db.execute(sql`explain select * from messages where year = ${year}
        and id = '00000000-0000-0000-0000-000000000000'
        and at >= ${new Date(Date.UTC(year, 0, 1)).toISOString()}::timestamptz
        and at < ${new Date(Date.UTC(year + 1, 0, 1)).toISOString()}::timestamptz`),
    )
      .map((row) => Object.values(row)[0])
      .join('\n');
    expect(plan).not.toContain(`messages_p${year - 1}`);
    expect(plan).toContain(`messages_p${year}`);
    expect(plan).toMatch(/Index (Only )?Scan/);
  });

  it('removes stats readings past the retention: a stats-only month whole, elsewhere only the stats', async () => {
    const statsOnlyMonth = [await insert('stats', monthsAgo(20, 3)), await insert('stats', monthsAgo(20, 9))];
    const mixedStats = await insert('stats', monthsAgo(19));
    const mixedError = await insert('error', monthsAgo(19, 11));
    const kept = await insert('stats', monthsAgo(12));
    await t.app.telemetry.createPartitions();
    const part20 = await partitionOf(db, statsOnlyMonth[0]?.id ?? '');

    // Default 13 months.
    expect(t.app.settings.current().telemetry.rawRetentionMonths).toBe(13);
    const result = await t.app.telemetry.applyRetention();
    expect(result.dropped).toContain(part20);
    expect(result.deleted).toBeGreaterThanOrEqual(1);

    const ids = (await db.select({ id: messages.id }).from(messages)).map((r) => r.id);
    for (const gone of [...statsOnlyMonth, mixedStats]) expect(ids).not.toContain(gone.id);
    expect(ids).toContain(mixedError.id);
    expect(ids).toContain(kept.id);
    const [exists] = rowsOf<{ found: string | null }>(
      await db.execute(sql`select to_regclass(${part20})::text as found`),
    );
    expect(exists?.found).toBeNull();
  });

  it('follows telemetry.rawRetentionMonths from the settings document', async () => {
    const sevenMonths = await insert('stats', monthsAgo(7));
    await t.app.telemetry.createPartitions();
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/json/write',
      headers: await t.authHeaders('admin'),
      payload: { data: JSON.stringify({ telemetry: { rawRetentionMonths: 6 } }) },
    });
    expect(write.statusCode).toBe(200);
    await t.app.telemetry.applyRetention();
    const ids = (await db.select({ id: messages.id }).from(messages)).map((r) => r.id);
    expect(ids).not.toContain(sevenMonths.id);
  });

  it('records the readings’ sync floor at the mirror’s cutoff day once, and drops floors a month older', async () => {
    const day = 86_400_000;
    const at = new Date(Date.UTC(2026, 10, 20, 15, 30));
    const cutoffDay = new Date(Date.UTC(2026, 7, 22)); // 90 days before, at 00:00 UTC
    // Readings on both sides of the cutoff; the oldest position among the later ones is the floor.
    await insert('stats', new Date(cutoffDay.getTime() - day));
    const first = await insert('info', new Date(cutoffDay.getTime() + 3_600_000));
    await insert('stats', new Date(cutoffDay.getTime() + 2 * day));
    await insert('stats', new Date(cutoffDay.getTime() - 2 * day));
    await db
      .insert(messageSyncFloors)
      .values({ fromAt: new Date(cutoffDay.getTime() - 31 * day), minSeq: 1 });
    await t.app.telemetry.createPartitions(new Date(cutoffDay.getTime() - 2 * day));
    const [expected] = rowsOf<{ min: string | number }>(
      await db.execute(
        sql`select min(sync_seq) as min from messages where at >= ${cutoffDay.toISOString()}::timestamptz`,
      ),
    );
    expect(Number(expected?.min)).toBeLessThanOrEqual(first.syncSeq);

    expect(await t.app.telemetry.recordSyncFloor(at)).toBe(true);
    expect(await t.app.telemetry.recordSyncFloor(new Date(at.getTime() + 6 * 3_600_000))).toBe(false);
    expect(await db.select().from(messageSyncFloors)).toEqual([
      { fromAt: cutoffDay, minSeq: Number(expected?.min) },
    ]);
    // No reading that recent (a year ahead): nothing to bound, nothing recorded.
    expect(await t.app.telemetry.recordSyncFloor(new Date(at.getTime() + 460 * day))).toBe(false);
    await db.delete(messageSyncFloors);
  });

  it('purges device receipts that no resent reading can match any more', async () => {
    const day = 86_400_000;
    await db.insert(deviceReceipts).values([
      { imei: '356938035649999', seq: 1, receivedAt: new Date(Date.now() - 40 * day) },
      { imei: '356938035649999', seq: 2, receivedAt: new Date(Date.now() - 20 * day) },
    ]);
    const run = await t.app.telemetry.run();
    expect(run.receiptsPurged).toBe(1);
    const left = await db
      .select({ seq: deviceReceipts.seq })
      .from(deviceReceipts)
      .where(sql`imei = '356938035649999'`);
    expect(left).toEqual([{ seq: 2 }]);
  });
});
