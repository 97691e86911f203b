import { type SQL, sql } from 'drizzle-orm';
import type { AnalyticsAnswer, AnalyticsRange, AnalyticsTotals } from '../../../contract/schemas/analytics';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';

/** Ranges in calendar units of Europe/Berlin (docs/analytics.md): [start, end) offsets from today's day or week. */
const RANGES: Record<AnalyticsRange, { unit: 'day' | 'week'; start: number; end: number }> = {
  DT: { unit: 'day', start: 0, end: 1 },
  DY: { unit: 'day', start: -1, end: 0 },
  '7D': { unit: 'day', start: -6, end: 1 },
  '28D': { unit: 'day', start: -27, end: 1 },
  '90D': { unit: 'day', start: -89, end: 1 },
  TW: { unit: 'week', start: 0, end: 1 },
  LW: { unit: 'week', start: -1, end: 0 },
  '2W': { unit: 'week', start: -2, end: -1 },
};

const TZ = 'Europe/Berlin';
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const iso = (value: unknown) => new Date(value as string).toISOString();

interface Bounds {
  from: string;
  to: string;
  previousFrom: string;
  fromDay: string;
  toDay: string;
  previousFromDay: string;
}

interface Sums {
  trips: number;
  hours: number;
  faults: number;
  repairs: number;
  repairMs: number;
}

/** Analytics answers over the roll-ups (server/modules/analytics/rollup.ts), scoped like lifts. */
export function createAnalyticsRepository(db: Database) {
  async function bounds(range: AnalyticsRange, now: Date): Promise<Bounds> {
    const { unit, start, end } = RANGES[range];
    const step = sql.raw(unit === 'week' ? `interval '7 days'` : `interval '1 day'`);
    const length = end - start;
    const local = sql`date_trunc(${unit}, (${now.toISOString()}::timestamptz at time zone ${TZ}))`;
    const at = (offset: number) => sql`(${local} + ${offset}::integer * ${step})`;
    const result = await db.execute(sql`select
        ${at(start)} at time zone ${TZ} as "from", ${at(end)} at time zone ${TZ} as "to",
        ${at(start - length)} at time zone ${TZ} as previous_from,
        ${at(start)}::date::text as from_day, ${at(end)}::date::text as to_day,
        ${at(start - length)}::date::text as previous_from_day`);
    const [row] = rowsOf<Record<string, unknown>>(result);
    return {
      from: iso(row?.from),
      to: iso(row?.to),
      previousFrom: iso(row?.previous_from),
      fromDay: String(row?.from_day),
      toDay: String(row?.to_day),
      previousFromDay: String(row?.previous_from_day),
    };
  }

  return {
    /** Whether the user sees the live lift. */
    async liftInScope(liftId: string, user: ScopeUser): Promise<boolean> {
      const result = await db.execute(
        sql`select 1 from lifts where lifts.id = ${liftId} and ${liftScopeCondition(user)}`,
      );
      return rowsOf(result).length > 0;
    },

    async analytics(
      user: ScopeUser,
      range: AnalyticsRange,
      liftId: string | undefined,
      now: Date,
    ): Promise<AnalyticsAnswer> {
      const b = await bounds(range, now);
      const scope: SQL = sql`(select lifts.id from lifts where ${liftScopeCondition(user)}${
        liftId ? sql` and lifts.id = ${liftId}` : sql``
      })`;
      const hourly = RANGES[range].unit === 'day' && RANGES[range].end - RANGES[range].start === 1;

      const seriesResult = hourly
        ? await db.execute(sql`
            select hour as at, sum(trips)::double precision as trips, sum(hours) as hours,
              sum(faults)::integer as faults, sum(repairs)::integer as repairs,
              sum(repair_ms)::double precision as repair_ms
            from analytics_hourly where lift_id in ${scope} and hour >= ${b.from} and hour < ${b.to}
            group by hour order by hour`)
        : await db.execute(sql`
            select day::text as at, sum(trips)::double precision as trips, sum(hours) as hours,
              sum(faults)::integer as faults, sum(repairs)::integer as repairs,
              sum(repair_ms)::double precision as repair_ms
            from analytics_daily where lift_id in ${scope} and day >= ${b.fromDay}::date and day < ${b.toDay}::date
            group by day order by day`);
      const seriesRows = rowsOf<Record<string, unknown>>(seriesResult);
      const current: Sums = { trips: 0, hours: 0, faults: 0, repairs: 0, repairMs: 0 };
      const series = seriesRows.map((row) => {
        current.trips += num(row.trips);
        current.hours += num(row.hours);
        current.faults += num(row.faults);
        current.repairs += num(row.repairs);
        current.repairMs += num(row.repair_ms);
        return {
          at: hourly ? iso(row.at) : String(row.at),
          trips: num(row.trips),
          operatingHours: Math.round(num(row.hours) * 100) / 100,
          faults: num(row.faults),
        };
      });

      // The period before, for the comparison: whole days in both cases.
      const previousResult = hourly
        ? await db.execute(sql`
            select sum(trips)::double precision as trips, sum(hours) as hours, sum(faults)::integer as faults,
              sum(repairs)::integer as repairs, sum(repair_ms)::double precision as repair_ms
            from analytics_hourly where lift_id in ${scope} and hour >= ${b.previousFrom} and hour < ${b.from}`)
        : await db.execute(sql`
            select sum(trips)::double precision as trips, sum(hours) as hours, sum(faults)::integer as faults,
              sum(repairs)::integer as repairs, sum(repair_ms)::double precision as repair_ms
            from analytics_daily where lift_id in ${scope}
              and day >= ${b.previousFromDay}::date and day < ${b.fromDay}::date`);
      const [p] = rowsOf<Record<string, unknown>>(previousResult);
      const previous: Sums = {
        trips: num(p?.trips),
        hours: num(p?.hours),
        faults: num(p?.faults),
        repairs: num(p?.repairs),
        repairMs: num(p?.repair_ms),
      };

      // Time with an error raised, clipped to each period and to now.
      const nowIso = now.toISOString();
      const downtimeResult = await db.execute(sql`
        with spans as (
          select ${b.from}::timestamptz as lo, least(${b.to}::timestamptz, ${nowIso}::timestamptz) as hi, 'current' as period
          union all
          select ${b.previousFrom}::timestamptz, least(${b.from}::timestamptz, ${nowIso}::timestamptz), 'previous'
        )
        select s.period, extract(epoch from greatest(s.hi - s.lo, interval '0'))::double precision as span_s,
          (select count(*) from lifts where lifts.id in ${scope})::integer as lifts,
          coalesce((select sum(extract(epoch from
              least(coalesce(o.ended_at, ${nowIso}::timestamptz), s.hi) - greatest(o.started_at, s.lo)))
            from analytics_outages o
            where o.lift_id in ${scope} and o.started_at < s.hi
              and coalesce(o.ended_at, ${nowIso}::timestamptz) > s.lo), 0)::double precision as down_s
        from spans s`);
      const down = new Map(
        rowsOf<{ period: string; span_s: unknown; lifts: unknown; down_s: unknown }>(downtimeResult).map(
          (row) => [
            row.period,
            { spanS: num(row.span_s), lifts: num(row.lifts), downS: Math.max(0, num(row.down_s)) },
          ],
        ),
      );
      const lifts = down.get('current')?.lifts ?? 0;
      const totals = (sums: Sums, period: string): AnalyticsTotals => {
        const d = down.get(period) ?? { spanS: 0, lifts: 0, downS: 0 };
        const possible = d.spanS * d.lifts;
        return {
          trips: sums.trips,
          operatingHours: Math.round(sums.hours * 100) / 100,
          faults: sums.faults,
          repairs: sums.repairs,
          availability: possible > 0 ? Math.min(1, Math.max(0, 1 - d.downS / possible)) : 1,
          downtimeHours: Math.round((d.downS / 3600) * 100) / 100,
          mtbfHours: sums.faults > 0 ? Math.round((sums.hours / sums.faults) * 100) / 100 : null,
          mttrMinutes:
            sums.repairs > 0 ? Math.round((sums.repairMs / sums.repairs / 60_000) * 10) / 10 : null,
        };
      };

      const codesResult = await db.execute(sql`
        select c.code, sum(c.faults)::integer as faults, d.name, d.name_de
        from analytics_codes c
        left join lateral (
          select name, name_de from descriptions
          where number = c.code and type = 'error' and deleted_at is null limit 1
        ) d on true
        where c.lift_id in ${scope} and c.day >= ${b.fromDay}::date and c.day < ${b.toDay}::date
        group by c.code, d.name, d.name_de order by faults desc, c.code limit 10`);
      const topCodes = rowsOf<{ code: number; faults: unknown; name: string | null; name_de: string | null }>(
        codesResult,
      ).map((row) => ({ code: num(row.code), name: row.name, nameDE: row.name_de, faults: num(row.faults) }));

      const rankingResult = await db.execute(sql`
        with top as (
          select lift_id, sum(faults)::integer as faults, sum(trips)::double precision as trips
          from analytics_daily
          where lift_id in ${scope} and day >= ${b.fromDay}::date and day < ${b.toDay}::date
          group by lift_id having sum(faults) > 0
          order by faults desc, trips desc limit 10
        )
        select top.lift_id::text as lift_id, l.uid, l.address, top.faults, top.trips,
          coalesce((select sum(extract(epoch from
              least(coalesce(o.ended_at, ${nowIso}::timestamptz), least(${b.to}::timestamptz, ${nowIso}::timestamptz))
              - greatest(o.started_at, ${b.from}::timestamptz)))
            from analytics_outages o where o.lift_id = top.lift_id
              and o.started_at < least(${b.to}::timestamptz, ${nowIso}::timestamptz)
              and coalesce(o.ended_at, ${nowIso}::timestamptz) > ${b.from}::timestamptz), 0)::double precision as down_s
        from top join lifts l on l.id = top.lift_id
        order by top.faults desc, top.trips desc`);
      const ranking = rowsOf<Record<string, unknown>>(rankingResult).map((row) => ({
        liftId: String(row.lift_id),
        uid: String(row.uid),
        address: String(row.address),
        faults: num(row.faults),
        trips: num(row.trips),
        downtimeHours: Math.round((Math.max(0, num(row.down_s)) / 3600) * 100) / 100,
      }));

      return {
        range,
        from: b.from,
        to: b.to,
        previousFrom: b.previousFrom,
        timeZone: TZ,
        bucket: hourly ? 'hour' : 'day',
        lifts,
        totals: totals(current, 'current'),
        previous: totals(previous, 'previous'),
        series,
        topCodes,
        ranking,
      };
    },
  };
}
