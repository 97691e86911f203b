import { sql } from 'drizzle-orm';
import { HOUR_MS } from '../../../contract/time';
import { rowsOf } from '../../db/results';
import type { IngestStep, IngestTransaction, Reading } from '../telemetry/ingest';

/**
 * The analytics roll-ups (docs/analytics.md), kept inside each ingest transaction: hourly trips and
 * operating hours as deltas of the cumulative counters, faults per code, and outages (time with at
 * least one error raised) with their repair time. Migration 0012 computed the same from the
 * readings stored before, with the same rules.
 */
const BERLIN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** `YYYY-MM-DD` of the instant in Europe/Berlin. */
const berlinDay = (ts: number) => BERLIN_DAY.format(new Date(ts));
const hourOf = (ts: number) => new Date(Math.floor(ts / HOUR_MS) * HOUR_MS).toISOString();

interface State {
  trips: number | null;
  hours: number | null;
  countedAt: number | null;
  activeCodes: number[];
  downSince: number | null;
}

interface Hourly {
  lift_id: string;
  hour: string;
  trips: number;
  hours: number;
  faults: number;
  repairs: number;
  repair_ms: number;
}

/** A counter that went down was reset (the `resetTripCounter` command): it counts from zero again. */
const delta = (value: number, previous: number | null) =>
  previous === null ? 0 : value >= previous ? value - previous : value;

/** Applies one lift's new readings to its state; answers what to add to the roll-ups. */
export function rollUp(
  state: State,
  readings: readonly Reading[],
  add: {
    hourly: (hour: string) => Hourly;
    code: (ts: number, code: number) => void;
    outage: (startedAt: number, endedAt: number | null) => void;
  },
): void {
  const sorted = [...readings].sort((a, b) => a.reading.ts - b.reading.ts || a.reading.seq - b.reading.seq);
  for (const r of sorted) {
    const ts = r.reading.ts;
    if (r.kind === 'stats') {
      // A reading older than the last one counted is inside a delta already counted.
      if (state.countedAt !== null && ts < state.countedAt) continue;
      const bucket = add.hourly(hourOf(ts));
      bucket.trips += delta(r.reading.trips, state.trips);
      bucket.hours += delta(r.reading.operatingHours, state.hours);
      state.trips = r.reading.trips;
      state.hours = r.reading.operatingHours;
      state.countedAt = ts;
    } else if (r.kind === 'event' && r.reading.type === 'error') {
      const code = r.reading.code;
      const raised = state.activeCodes.includes(code);
      if (r.reading.active && !raised) {
        state.activeCodes.push(code);
        add.hourly(hourOf(ts)).faults += 1;
        add.code(ts, code);
        if (state.activeCodes.length === 1) {
          state.downSince = ts;
          add.outage(ts, null);
        }
      } else if (!r.reading.active && raised) {
        state.activeCodes = state.activeCodes.filter((c) => c !== code);
        if (state.activeCodes.length === 0 && state.downSince !== null) {
          const started = state.downSince;
          const ended = Math.max(ts, started);
          const bucket = add.hourly(hourOf(ended));
          bucket.repairs += 1;
          bucket.repair_ms += ended - started;
          add.outage(started, ended);
          state.downSince = null;
        }
      }
    }
  }
}

const toMs = (value: string | Date | null) => (value === null ? null : new Date(value).getTime());

async function loadStates(tx: IngestTransaction, liftIds: string[]): Promise<Map<string, State>> {
  const ids = JSON.stringify(liftIds);
  // One round trip: a lift seen for the first time gets its row, every row is locked (in id order,
  // as `on conflict do update` takes them) and answered as it stands.
  const result = await tx.execute(sql`
    insert into analytics_state as s (lift_id)
    select value::uuid from jsonb_array_elements_text(${ids}::jsonb) order by 1
    on conflict (lift_id) do update set lift_id = s.lift_id
    returning lift_id::text, trips::double precision as trips, hours, counted_at, active_codes, down_since`);
  const states = new Map<string, State>();
  for (const row of rowsOf<{
    lift_id: string;
    trips: number | null;
    hours: number | null;
    counted_at: string | Date | null;
    active_codes: number[] | string;
    down_since: string | Date | null;
  }>(result)) {
    states.set(row.lift_id, {
      trips: row.trips === null ? null : Number(row.trips),
      hours: row.hours === null ? null : Number(row.hours),
      countedAt: toMs(row.counted_at),
      activeCodes: typeof row.active_codes === 'string' ? JSON.parse(row.active_codes) : row.active_codes,
      downSince: toMs(row.down_since),
    });
  }
  return states;
}

/** The ingest step: two statements (states in, roll-ups and states out), whatever the batch size. */
export const analyticsIngestStep: IngestStep = async (tx, readings) => {
  const perLift = new Map<string, Reading[]>();
  for (const r of readings) {
    if (r.kind === 'params') continue;
    if (r.kind === 'event' && r.reading.type !== 'error') continue;
    const list = perLift.get(r.liftId);
    if (list) list.push(r);
    else perLift.set(r.liftId, [r]);
  }
  if (perLift.size === 0) return undefined;
  const liftIds = [...perLift.keys()].sort();
  const states = await loadStates(tx, liftIds);

  const hourly = new Map<string, Hourly>();
  const codes = new Map<string, { lift_id: string; day: string; code: number; faults: number }>();
  const outages = new Map<string, { lift_id: string; started_at: string; ended_at: string | null }>();
  for (const liftId of liftIds) {
    const state = states.get(liftId);
    if (!state) continue; // the lift was deleted meanwhile
    rollUp(state, perLift.get(liftId) ?? [], {
      hourly: (hour) => {
        const k = `${liftId}|${hour}`;
        let row = hourly.get(k);
        if (!row) {
          row = { lift_id: liftId, hour, trips: 0, hours: 0, faults: 0, repairs: 0, repair_ms: 0 };
          hourly.set(k, row);
        }
        return row;
      },
      code: (ts, code) => {
        const day = berlinDay(ts);
        const k = `${liftId}|${day}|${code}`;
        const row = codes.get(k);
        if (row) row.faults += 1;
        else codes.set(k, { lift_id: liftId, day, code, faults: 1 });
      },
      outage: (startedAt, endedAt) => {
        const started = new Date(startedAt).toISOString();
        outages.set(`${liftId}|${started}`, {
          lift_id: liftId,
          started_at: started,
          ended_at: endedAt === null ? null : new Date(endedAt).toISOString(),
        });
      },
    });
  }

  const stateRows = liftIds.flatMap((liftId) => {
    const s = states.get(liftId);
    if (!s) return [];
    return [
      {
        lift_id: liftId,
        trips: s.trips,
        hours: s.hours,
        counted_at: s.countedAt === null ? null : new Date(s.countedAt).toISOString(),
        active_codes: s.activeCodes,
        down_since: s.downSince === null ? null : new Date(s.downSince).toISOString(),
      },
    ];
  });
  // Every roll-up table and the state in one statement (one round trip of the ingest's batch);
  // an empty list inserts nothing.
  await tx.execute(sql`
    with hourly_in as (
      select * from jsonb_to_recordset(${JSON.stringify([...hourly.values()])}::jsonb) as r(
        lift_id uuid, hour timestamptz, trips bigint, hours double precision, faults integer,
        repairs integer, repair_ms bigint)
    ),
    hourly_up as (
      insert into analytics_hourly as h (lift_id, hour, trips, hours, faults, repairs, repair_ms)
      select lift_id, hour, trips, hours, faults, repairs, repair_ms from hourly_in
      on conflict (lift_id, hour) do update set
        trips = h.trips + excluded.trips, hours = h.hours + excluded.hours,
        faults = h.faults + excluded.faults, repairs = h.repairs + excluded.repairs,
        repair_ms = h.repair_ms + excluded.repair_ms
    ),
    -- The same rows summed by the day in Europe/Berlin (whole-hour offsets: an hour is in one day).
    daily_up as (
      insert into analytics_daily as d (lift_id, day, trips, hours, faults, repairs, repair_ms)
      select lift_id, (hour at time zone 'Europe/Berlin')::date, sum(trips), sum(hours), sum(faults),
        sum(repairs), sum(repair_ms)
      from hourly_in
      group by 1, 2
      on conflict (lift_id, day) do update set
        trips = d.trips + excluded.trips, hours = d.hours + excluded.hours,
        faults = d.faults + excluded.faults, repairs = d.repairs + excluded.repairs,
        repair_ms = d.repair_ms + excluded.repair_ms
    ),
    codes_up as (
      insert into analytics_codes as c (lift_id, day, code, faults)
      select lift_id, day, code, faults
      from jsonb_to_recordset(${JSON.stringify([...codes.values()])}::jsonb) as r(
        lift_id uuid, day date, code integer, faults integer)
      on conflict (lift_id, day, code) do update set faults = c.faults + excluded.faults
    ),
    outages_up as (
      insert into analytics_outages as o (lift_id, started_at, ended_at)
      select lift_id, started_at, ended_at
      from jsonb_to_recordset(${JSON.stringify([...outages.values()])}::jsonb) as r(
        lift_id uuid, started_at timestamptz, ended_at timestamptz)
      on conflict (lift_id, started_at) do update set ended_at = coalesce(excluded.ended_at, o.ended_at)
    )
    update analytics_state s set trips = r.trips, hours = r.hours, counted_at = r.counted_at,
      active_codes = r.active_codes, down_since = r.down_since
    from jsonb_to_recordset(${JSON.stringify(stateRows)}::jsonb) as r(
      lift_id uuid, trips bigint, hours double precision, counted_at timestamptz,
      active_codes jsonb, down_since timestamptz)
    where s.lift_id = r.lift_id`);
  return undefined;
};
