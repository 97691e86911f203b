import { sql } from 'drizzle-orm';
import { EARLY_WARNING_RULES } from '../../../contract/early-warnings';
import { berlinDay } from '../../../contract/maintenance';
import { DAY_MS } from '../../../contract/time';
import type { Database } from '../../db/client';
import {
  createEarlyWarningsRepository,
  type DayRow,
  type PointRow,
  type WarningRow,
} from './early-warnings.repository';
import { type DayFigures, evaluateDay, flaggedSince, RULE_SETTINGS } from './rules';

/** Days the lift page's chart shows, and the span a run evaluates in memory (the "since" of a warning). */
export const CHART_DAYS = 56;
/** Days of roll-ups before the first evaluated day that a rule looks at: the baseline and the rate window. */
const LOOK_BACK_DAYS = RULE_SETTINGS.baselineDays + RULE_SETTINGS.rateWindowDays - 1;
/** Arbitrary but fixed: the transaction lock of a run's writes. */
const EARLY_WARNINGS_LOCK_KEY = 727_465_031;
/** Points older than this are dropped. */
const KEEP_DAYS = 90;

/** `day` moved by `offset` calendar days. */
export const addDays = (day: string, offset: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);

/** The lift's days from `from` to `to`, one entry per calendar day, days without a roll-up row as no data. */
function daysOf(rows: readonly DayRow[], from: string, to: string): DayFigures[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: DayFigures[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    days.push(
      row
        ? { ...row, hasData: true }
        : { day, hasData: false, trips: 0, hours: 0, faults: 0, doorFaults: 0, faultActive: false },
    );
  }
  return days;
}

/**
 * The daily evaluation (docs/early-warnings.md#when-it-runs): every lift's complete days up to
 * yesterday (Europe/Berlin) through every rule, from the daily roll-ups. Days evaluated before are
 * evaluated again from the day before the last one on (late readings), the first run fills the
 * chart's 56 days; the warnings of yesterday replace those before.
 */
export async function runEarlyWarnings(
  db: Database,
  now: Date = new Date(),
): Promise<{ day: string; warnings: number }> {
  const repository = createEarlyWarningsRepository(db);
  const yesterday = addDays(berlinDay(now), -1);
  const chartFrom = addDays(yesterday, -(CHART_DAYS - 1));
  const last = await repository.evaluatedDay();
  const writeFrom = last && last > chartFrom && last <= yesterday ? addDays(last, -1) : chartFrom;
  const dataFrom = addDays(chartFrom, -LOOK_BACK_DAYS);

  const rows = await repository.dayRows(dataFrom, yesterday, now);
  const perLift = new Map<string, DayRow[]>();
  for (const row of rows) {
    const list = perLift.get(row.liftId);
    if (list) list.push(row);
    else perLift.set(row.liftId, [row]);
  }

  const points: PointRow[] = [];
  const warnings: WarningRow[] = [];
  const chartStart = LOOK_BACK_DAYS;
  for (const [liftId, liftRows] of perLift) {
    const days = daysOf(liftRows, dataFrom, yesterday);
    for (const rule of EARLY_WARNING_RULES) {
      const evaluated = days
        .slice(chartStart)
        .map((d, k) => ({ day: d.day, ...evaluateDay(days, chartStart + k, rule) }));
      for (const point of evaluated) {
        if (point.day < writeFrom) continue;
        const { day, value, expected, low, high, flagged } = point;
        points.push({ liftId, rule, day, value, expected, low, high, flagged });
      }
      const since = flaggedSince(evaluated);
      const latest = evaluated.at(-1);
      if (since === null || !latest || latest.value === null || latest.expected === null) continue;
      warnings.push({
        liftId,
        rule,
        since: evaluated[since]?.day ?? latest.day,
        day: latest.day,
        value: latest.value,
        expected: latest.expected,
        threshold: (rule === 'standstill' ? latest.low : latest.high) ?? 0,
        count: latest.count,
      });
    }
  }
  await db.transaction(async (tx) => {
    // Two leaders for a moment (docs/scaling.md#periodic-jobs) write one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(${EARLY_WARNINGS_LOCK_KEY})`);
    const inTx = createEarlyWarningsRepository(tx);
    await inTx.savePoints(points, addDays(yesterday, -(KEEP_DAYS - 1)));
    await inTx.replaceWarnings(warnings);
  });
  return { day: yesterday, warnings: warnings.length };
}
