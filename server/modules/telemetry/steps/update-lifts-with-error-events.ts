import { sql } from 'drizzle-orm';
import type { EventReading } from '../../../../contract/device';
import type { LiftParameters } from '../../../../contract/parameters';
import { rowsOf } from '../../../db/results';
import type { BatchStep, IngestTransaction, Reading } from '../ingest';
import { BASELINE_FROM_FIRST_READING, liftsWithErrorEvents } from './lift-rows';

type ActiveError = { code: number; since: string };

interface ErrorState {
  activeErrors: ActiveError[];
  brokenSince: number | null;
  brokenMs: number;
}

interface LiftChange {
  id: string;
  trips: number | null;
  hours: number | null;
  /** The batch's lowest counters: the lift's maintenance baseline if it has none yet. */
  firstTrips: number | null;
  firstHours: number | null;
  params: LiftParameters | null;
  events: EventReading[];
}

/**
 * Writes the rows of the lifts with an error event in the batch, which storeReadings left: their
 * active errors and broken time follow the new error events, and counters, parameters, maintenance
 * baseline and last seen are set as storeReadings sets them for the other lifts. The error state
 * is computed from the current row, so only these lifts are locked (in id order, so no deadlocks),
 * and a batch without error events costs no round trip here (docs/telemetry.md#ingest).
 */
export const updateLiftsWithErrorEvents: BatchStep = async (tx, batch) => {
  const errorLifts = liftsWithErrorEvents(batch.received);
  const changes = changesPerLift(batch.readings.filter((r) => errorLifts.has(r.liftId)));
  if (changes.length === 0) return;
  const errorStates = await lockErrorStates(
    tx,
    changes.map((c) => c.id),
  );
  const updates = changes
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((change) => {
      const update: Record<string, unknown> = {
        id: change.id,
        trips: change.trips,
        hours: change.hours,
        first_trips: change.firstTrips,
        first_hours: change.firstHours,
        params: change.params,
        set_errors: false,
      };
      const state = errorStates.get(change.id);
      if (state) {
        applyEvents(state, change.events);
        Object.assign(update, {
          set_errors: true,
          active_errors: state.activeErrors,
          broken_since: state.brokenSince === null ? null : new Date(state.brokenSince).toISOString(),
          broken_ms: Math.round(state.brokenMs),
        });
      }
      return update;
    });
  await tx.execute(sql`
    update lifts l set
      trips = greatest(l.trips, coalesce(u.trips, l.trips)),
      operating_hours = greatest(l.operating_hours, coalesce(u.hours, l.operating_hours)),
      ${BASELINE_FROM_FIRST_READING},
      last_seen_at = now(),
      parameters = coalesce(u.params, l.parameters),
      active_errors = case when u.set_errors then u.active_errors else l.active_errors end,
      broken_since = case when u.set_errors then u.broken_since else l.broken_since end,
      broken_ms = case when u.set_errors then u.broken_ms else l.broken_ms end,
      version = l.version + 1,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as u(
      id uuid, trips bigint, hours double precision, first_trips bigint, first_hours double precision, params jsonb,
      set_errors boolean, active_errors jsonb, broken_since timestamptz, broken_ms bigint)
    where l.id = u.id`);
};

/** Counters only grow (the batch's highest and lowest); the newest parameters of the batch win. */
function changesPerLift(readings: readonly Reading[]): LiftChange[] {
  const perLift = new Map<string, LiftChange>();
  for (const r of readings) {
    let change = perLift.get(r.liftId);
    if (!change) {
      change = {
        id: r.liftId,
        trips: null,
        hours: null,
        firstTrips: null,
        firstHours: null,
        params: null,
        events: [],
      };
      perLift.set(r.liftId, change);
    }
    if (r.kind === 'stats') {
      change.trips = Math.max(change.trips ?? 0, r.reading.trips);
      change.hours = Math.max(change.hours ?? 0, r.reading.operatingHours);
      change.firstTrips = Math.min(change.firstTrips ?? r.reading.trips, r.reading.trips);
      change.firstHours = Math.min(change.firstHours ?? r.reading.operatingHours, r.reading.operatingHours);
    } else if (r.kind === 'event') {
      if (r.reading.type === 'error') change.events.push(r.reading);
    } else {
      const { seq: _seq, ts: _ts, ...parameters } = r.reading;
      change.params = parameters;
    }
  }
  return [...perLift.values()];
}

/** The error state of these lifts, their rows locked until the batch commits. */
async function lockErrorStates(tx: IngestTransaction, liftIds: string[]): Promise<Map<string, ErrorState>> {
  const current = await tx.execute(sql`
    select id, active_errors, broken_since, broken_ms from lifts
    where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(liftIds)}::jsonb))
    order by id for update`);
  const states = new Map<string, ErrorState>();
  for (const row of rowsOf<{
    id: string;
    active_errors: ActiveError[] | string;
    broken_since: string | Date | null;
    broken_ms: string | number;
  }>(current)) {
    const active = typeof row.active_errors === 'string' ? JSON.parse(row.active_errors) : row.active_errors;
    states.set(row.id, {
      activeErrors: active ?? [],
      brokenSince: row.broken_since === null ? null : new Date(row.broken_since).getTime(),
      brokenMs: Number(row.broken_ms),
    });
  }
  return states;
}

/** Raise adds `{code, since}`, clear removes; broken time runs from the first raise to the last clear. */
function applyEvents(state: ErrorState, events: EventReading[]) {
  for (const event of [...events].sort((a, b) => a.ts - b.ts || a.seq - b.seq)) {
    if (event.type !== 'error') continue;
    const index = state.activeErrors.findIndex((error) => error.code === event.code);
    if (event.active) {
      if (index >= 0) continue;
      if (state.activeErrors.length === 0) state.brokenSince = event.ts;
      state.activeErrors.push({ code: event.code, since: new Date(event.ts).toISOString() });
    } else {
      if (index < 0) continue;
      state.activeErrors.splice(index, 1);
      if (state.activeErrors.length === 0 && state.brokenSince !== null) {
        state.brokenMs += Math.max(0, event.ts - state.brokenSince);
        state.brokenSince = null;
      }
    }
  }
}
