import { sql } from 'drizzle-orm';
import { DOOR_FAULT_CODES, type EarlyWarningRule } from '../../../contract/early-warnings';
import type { EarlyWarning, EarlyWarningPoint } from '../../../contract/schemas/early-warning';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const CHUNK = 5000;

/** A lift's day as the daily roll-ups have it (docs/analytics.md), split into door faults and others. */
export interface DayRow {
  liftId: string;
  day: string;
  trips: number;
  hours: number;
  faults: number;
  doorFaults: number;
  faultActive: boolean;
}

export interface PointRow {
  liftId: string;
  rule: EarlyWarningRule;
  day: string;
  value: number | null;
  expected: number | null;
  low: number | null;
  high: number | null;
  flagged: boolean;
}

export interface WarningRow {
  liftId: string;
  rule: EarlyWarningRule;
  since: string;
  day: string;
  value: number;
  expected: number;
  threshold: number;
  count: number;
}

function toWarning(row: Record<string, unknown>): EarlyWarning {
  return {
    liftId: String(row.lift_id),
    uid: String(row.uid),
    address: String(row.address),
    rule: row.rule as EarlyWarningRule,
    since: String(row.since),
    day: String(row.day),
    value: num(row.value),
    expected: num(row.expected),
    threshold: num(row.threshold),
    count: num(row.count),
  };
}

/** The early warnings' tables (server/db/schema/early-warnings.ts) and the roll-ups they are computed from. */
export function createEarlyWarningsRepository(db: Database) {
  return {
    /**
     * Every lift's days from `fromDay` to `toDay` (inclusive) that have a daily roll-up row. A day
     * had a fault when one was raised or an outage overlapped it (Europe/Berlin midnight to midnight).
     */
    async dayRows(fromDay: string, toDay: string, now: Date): Promise<DayRow[]> {
      const result = await db.execute(sql`
        with door as (
          select lift_id, day, sum(faults)::integer as door_faults from analytics_codes
          where day >= ${fromDay}::date and day <= ${toDay}::date
            and code in (select value::integer from jsonb_array_elements_text(${JSON.stringify(DOOR_FAULT_CODES)}::jsonb))
          group by lift_id, day
        )
        select d.lift_id::text as lift_id, d.day::text as day, d.trips::double precision as trips, d.hours,
          d.faults, coalesce(door.door_faults, 0) as door_faults,
          (d.faults > 0 or exists (
            select 1 from analytics_outages o
            where o.lift_id = d.lift_id
              and o.started_at < ((d.day + 1)::timestamp at time zone 'Europe/Berlin')
              and coalesce(o.ended_at, ${now.toISOString()}::timestamptz) > (d.day::timestamp at time zone 'Europe/Berlin')
          )) as fault_active
        from analytics_daily d
        left join door on door.lift_id = d.lift_id and door.day = d.day
        where d.day >= ${fromDay}::date and d.day <= ${toDay}::date
        order by d.lift_id, d.day`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        liftId: String(row.lift_id),
        day: String(row.day),
        trips: num(row.trips),
        hours: num(row.hours),
        faults: Math.max(0, num(row.faults) - num(row.door_faults)),
        doorFaults: num(row.door_faults),
        faultActive: row.fault_active === true || row.fault_active === 't',
      }));
    },

    /** The last day evaluated, or null before the first run. */
    async evaluatedDay(): Promise<string | null> {
      const [row] = rowsOf<{ day: string | null }>(
        await db.execute(sql`select max(day)::text as day from early_warning_days`),
      );
      return row?.day ?? null;
    },

    /** Writes the points (a day evaluated again replaces its figures) and drops those before `keepFrom`. */
    async savePoints(points: readonly PointRow[], keepFrom: string): Promise<void> {
      for (let i = 0; i < points.length; i += CHUNK) {
        const chunk = points.slice(i, i + CHUNK).map((p) => ({
          lift_id: p.liftId,
          rule: p.rule,
          day: p.day,
          value: p.value,
          expected: p.expected,
          low: p.low,
          high: p.high,
          flagged: p.flagged,
        }));
        await db.execute(sql`
          insert into early_warning_days as w (lift_id, rule, day, value, expected, low, high, flagged)
          select lift_id, rule, day, value, expected, low, high, flagged
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(
            lift_id uuid, rule text, day date, value double precision, expected double precision,
            low double precision, high double precision, flagged boolean)
          on conflict (lift_id, rule, day) do update set value = excluded.value,
            expected = excluded.expected, low = excluded.low, high = excluded.high, flagged = excluded.flagged`);
      }
      await db.execute(sql`delete from early_warning_days where day < ${keepFrom}::date`);
    },

    /** The warnings of the last evaluated day replace those before, in one statement. */
    async replaceWarnings(warnings: readonly WarningRow[]): Promise<void> {
      const rows = warnings.map((w) => ({
        lift_id: w.liftId,
        rule: w.rule,
        since: w.since,
        day: w.day,
        value: w.value,
        expected: w.expected,
        threshold: w.threshold,
        count: w.count,
      }));
      await db.execute(sql`
        with gone as (delete from early_warnings)
        insert into early_warnings (lift_id, rule, since, day, value, expected, threshold, count)
        select lift_id, rule, since, day, value, expected, threshold, count
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          lift_id uuid, rule text, since date, day date, value double precision,
          expected double precision, threshold double precision, count integer)
        on conflict (lift_id, rule) do update set since = excluded.since, day = excluded.day,
          value = excluded.value, expected = excluded.expected, threshold = excluded.threshold,
          count = excluded.count`);
    },

    /** The warnings of the lifts the user sees (docs/access.md), by lift ID. */
    async list(user: ScopeUser, liftId?: string): Promise<EarlyWarning[]> {
      const result = await db.execute(sql`
        select w.lift_id::text as lift_id, lifts.uid, lifts.address, w.rule, w.since::text as since,
          w.day::text as day, w.value, w.expected, w.threshold, w.count
        from early_warnings w join lifts on lifts.id = w.lift_id
        where ${liftScopeCondition(user)}${liftId ? sql` and w.lift_id = ${liftId}` : sql``}
        order by lifts.uid, w.rule`);
      return rowsOf<Record<string, unknown>>(result).map(toWarning);
    },

    /** Whether the user sees the lift. */
    async liftInScope(liftId: string, user: ScopeUser): Promise<boolean> {
      const result = await db.execute(
        sql`select 1 from lifts where lifts.id = ${liftId} and ${liftScopeCondition(user)}`,
      );
      return rowsOf(result).length > 0;
    },

    /** One lift's points of the rules given, from `fromDay` on, oldest first. */
    async series(
      liftId: string,
      rules: readonly EarlyWarningRule[],
      fromDay: string,
    ): Promise<{ rule: EarlyWarningRule; points: EarlyWarningPoint[] }[]> {
      if (rules.length === 0) return [];
      const result = await db.execute(sql`
        select rule, day::text as day, value, expected, low, high, flagged from early_warning_days
        where lift_id = ${liftId} and day >= ${fromDay}::date
          and rule in (select value from jsonb_array_elements_text(${JSON.stringify(rules)}::jsonb))
        order by rule, day`);
      const byRule = new Map<EarlyWarningRule, EarlyWarningPoint[]>(rules.map((rule) => [rule, []]));
      for (const row of rowsOf<Record<string, unknown>>(result)) {
        byRule.get(row.rule as EarlyWarningRule)?.push({
          day: String(row.day),
          value: numOrNull(row.value),
          expected: numOrNull(row.expected),
          low: numOrNull(row.low),
          high: numOrNull(row.high),
          flagged: row.flagged === true || row.flagged === 't',
        });
      }
      return rules.map((rule) => ({ rule, points: byRule.get(rule) ?? [] }));
    },
  };
}
