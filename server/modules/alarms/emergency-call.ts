import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import {
  EMERGENCY_CALL_CODES,
  type EventReading,
  isEmergencyCallEvent,
  type LineTestResult,
} from '../../../contract/device';
import type { LineTest } from '../../../contract/schemas/alarm';
import { HOUR_MS } from '../../../contract/time';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import { alarms, alarmWatchedLifts, lineTests } from '../../db/schema/alarms';
import type { IngestTransaction, Reading } from '../telemetry/ingest';
import { EMERGENCY_CALL_NAME, LINE_TEST_OVERDUE_NAME } from './alarm-texts';

/** Advisory lock key of the periodic line-test run, beside the offline and escalation runs' (alarms.repository.ts). */
const LINE_TEST_LOCK = 18_0004;

const bump = { version: sql`${alarms.version} + 1`, updatedAt: sql`now()` };

type EmergencyEvent = EventReading & { liftId: string };

/**
 * The emergency-call system's events of a batch (docs/alarms.md#emergency-call), inside the
 * batch's transaction, oldest first: each line test is kept as the lift's last (`line_tests`); a
 * failed one opens the lift's "Emergency-call test overdue" alarm, a good one closes it. The alarm
 * button's call opens the lift's emergency-call alarm, its reset on site closes it. Answers the
 * alarms opened, and every alarm changed.
 */
export async function applyEmergencyCallEvents(
  tx: IngestTransaction,
  readings: readonly Reading[],
): Promise<{ opened: string[]; changed: string[] }> {
  const events: EmergencyEvent[] = readings
    .flatMap((r) =>
      r.kind === 'event' && isEmergencyCallEvent(r.reading) ? [{ ...r.reading, liftId: r.liftId }] : [],
    )
    .sort((a, b) => a.ts - b.ts || a.seq - b.seq);
  const opened: string[] = [];
  const changed: string[] = [];
  for (const event of events) {
    const at = new Date(event.ts);
    if (event.code === EMERGENCY_CALL_CODES.lineTest && event.result) {
      const lastOkAt = await recordLineTest(tx, event.liftId, at, event.result);
      if (event.result === 'ok') {
        // Only alarms opened before this test: a good test resent late does not hide a later failure.
        changed.push(...(await close(tx, event.liftId, 'lineTestOverdue', at, lte(alarms.openedAt, at))));
      } else if (!lastOkAt || lastOkAt < at) {
        const id = await open(tx, event.liftId, 'lineTestOverdue', at, null);
        if (id) opened.push(id);
      }
    } else if (event.code === EMERGENCY_CALL_CODES.call) {
      if (event.active) {
        const id = await open(tx, event.liftId, 'emergencyCall', at, event.floor ?? null);
        if (id) opened.push(id);
      } else {
        changed.push(...(await close(tx, event.liftId, 'emergencyCall', at)));
      }
    }
  }
  return { opened, changed: [...changed, ...opened] };
}

/** Keeps the test as the lift's last unless a later one is known; answers the last good test's time. */
async function recordLineTest(
  tx: IngestTransaction,
  liftId: string,
  at: Date,
  result: LineTestResult,
): Promise<Date | null> {
  const [row] = await tx
    .insert(lineTests)
    .values({ liftId, testedAt: at, result, lastOkAt: result === 'ok' ? at : null })
    .onConflictDoUpdate({
      target: lineTests.liftId,
      set: {
        result: sql`case when excluded.tested_at >= ${lineTests.testedAt} then excluded.result else ${lineTests.result} end`,
        testedAt: sql`greatest(${lineTests.testedAt}, excluded.tested_at)`,
        // greatest() passes over nulls.
        lastOkAt: sql`greatest(${lineTests.lastOkAt}, excluded.last_ok_at)`,
      },
    })
    .returning({ lastOkAt: lineTests.lastOkAt });
  return row?.lastOkAt ?? null;
}

async function open(
  tx: IngestTransaction,
  liftId: string,
  kind: 'emergencyCall' | 'lineTestOverdue',
  at: Date,
  floor: number | null,
): Promise<string | undefined> {
  const name = kind === 'emergencyCall' ? EMERGENCY_CALL_NAME : LINE_TEST_OVERDUE_NAME;
  const [row] = await tx
    .insert(alarms)
    .values({ liftId, kind, code: 0, name: name.en, nameDE: name.de, floor, openedAt: at })
    .onConflictDoNothing({ target: [alarms.liftId, alarms.kind, alarms.code], where: sql`closed_at is null` })
    .returning({ id: alarms.id });
  return row?.id;
}

async function close(
  tx: IngestTransaction,
  liftId: string,
  kind: 'emergencyCall' | 'lineTestOverdue',
  at: Date,
  also = sql`true`,
): Promise<string[]> {
  const rows = await tx
    .update(alarms)
    .set({ closedAt: at, ...bump })
    .where(and(eq(alarms.liftId, liftId), eq(alarms.kind, kind), isNull(alarms.closedAt), also))
    .returning({ id: alarms.id });
  return rows.map((row) => row.id);
}

/**
 * The periodic line-test run: every lift a controller reported for (`alarm_watched_lifts`) whose
 * last good line test (or, with none, the time it is counted from) is older than `threshold` gets
 * its overdue alarm, opened when the test fell due (`hours` after; now at the latest). Only the next good test closes
 * it. One process at a time (advisory lock); `withOpened` writes the notifications in the same
 * transaction. Answers the alarms opened, or null when another process runs it.
 */
export async function checkLineTests(
  db: Database,
  threshold: Date,
  hours: number,
  withOpened: (tx: Database, opened: string[]) => Promise<unknown>,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${LINE_TEST_LOCK}::bigint) as locked`,
    );
    if (rowsOf<{ locked: boolean }>(locked)[0]?.locked !== true) return null;
    const result = await tx.execute(sql`
      insert into alarms (lift_id, kind, code, name, name_de, opened_at)
      select w.lift_id, 'lineTestOverdue', 0, ${LINE_TEST_OVERDUE_NAME.en}, ${LINE_TEST_OVERDUE_NAME.de},
        least(coalesce(t.last_ok_at, w.line_test_since) + make_interval(hours => ${hours}::integer), now())
      from alarm_watched_lifts w
      join lifts l on l.id = w.lift_id
      left join line_tests t on t.lift_id = w.lift_id
      where l.deleted_at is null
        and coalesce(t.last_ok_at, w.line_test_since) < ${threshold.toISOString()}::timestamptz
        and not exists (select 1 from alarms a
          where a.lift_id = w.lift_id and a.kind = 'lineTestOverdue' and a.code = 0 and a.closed_at is null)
      on conflict (lift_id, kind, code) where closed_at is null do nothing
      returning id`);
    const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
    if (ids.length > 0) await withOpened(tx, ids);
    return ids;
  });
}

/**
 * The lift's emergency-call line test as the lift page shows it: the last test (when, result), the
 * last good one, and by when the next good one is due; nulls where there is none (a lift no
 * controller reported for has no due time).
 */
export async function lineTestOf(db: Database, liftId: string, hours: number): Promise<LineTest> {
  const [row] = await db
    .select({ test: lineTests, since: alarmWatchedLifts.lineTestSince })
    .from(alarmWatchedLifts)
    .fullJoin(lineTests, eq(lineTests.liftId, alarmWatchedLifts.liftId))
    .where(or(eq(alarmWatchedLifts.liftId, liftId), eq(lineTests.liftId, liftId)));
  const from = row?.test?.lastOkAt ?? row?.since ?? null;
  return {
    testedAt: row?.test?.testedAt.toISOString() ?? null,
    result: row?.test?.result ?? null,
    lastOkAt: row?.test?.lastOkAt?.toISOString() ?? null,
    dueAt: from ? new Date(from.getTime() + hours * HOUR_MS).toISOString() : null,
  };
}
