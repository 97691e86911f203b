import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LiftParameters } from '../../../../contract/parameters';
import type { Message, MessageKind } from '../../../../contract/schemas/message';
import { rowsOf } from '../../../db/results';
import { toMessage } from '../../messages/message-mapper';
import { type BatchStep, type Reading, readingKey } from '../ingest';
import { BASELINE_FROM_FIRST_READING, liftsWithErrorEvents } from './lift-rows';

/**
 * Stores each reading of the batch once: a `device_receipts` row per `(imei, seq)` decides whether
 * it is new (docs/telemetry.md#device-receipts), and each new stats or event reading becomes a
 * `messages` row, in the batch's order so that sync positions follow it. Sets `batch.readings` to
 * the new readings (a resent one is acknowledged again, not stored again, and no later step sees
 * it) and `batch.messages` to their rows as the API shows them.
 *
 * The same statement writes the lift rows of lifts without an error event in the batch (counters,
 * parameters, maintenance baseline, last seen): one round trip for what most batches write
 * (docs/telemetry.md#ingest). The lifts with an error event are left to updateLiftsWithErrorEvents.
 */
export const storeReadings: BatchStep = async (tx, batch) => {
  const errorLifts = liftsWithErrorEvents(batch.received);
  const input = batch.received.map((r, i) => messageInput(r, i, errorLifts.has(r.liftId)));
  // The statement answers the fresh (imei, seq) only.
  const written = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as r(
        i integer, imei text, seq bigint, id uuid, year smallint, lift_id uuid, kind text, code integer,
        active boolean, floor integer, trips bigint, operating_hours double precision, at timestamptz,
        params jsonb, error_lift boolean)
    ),
    fresh as (
      insert into device_receipts (imei, seq)
      select imei, seq from input
      on conflict do nothing
      returning imei, seq
    ),
    stored as (
      insert into messages (id, year, lift_id, kind, code, active, floor, trips, operating_hours, at)
      select i.id, i.year, i.lift_id, i.kind, i.code, i.active, i.floor, i.trips, i.operating_hours, i.at
      from input i join fresh f on f.imei = i.imei and f.seq = i.seq
      where i.kind is not null
      order by i.i
    ),
    -- Counters only grow; the batch's last parameters win.
    lift_changes as (
      select i.lift_id, max(i.trips) as trips, max(i.operating_hours) as hours,
        min(i.trips) as first_trips, min(i.operating_hours) as first_hours,
        (array_agg(i.params order by i.i desc) filter (where i.params is not null))[1] as params
      from input i join fresh f on f.imei = i.imei and f.seq = i.seq
      where not i.error_lift
      group by i.lift_id
    ),
    lifts_up as (
      update lifts l set
        trips = greatest(l.trips, coalesce(u.trips, l.trips)),
        operating_hours = greatest(l.operating_hours, coalesce(u.hours, l.operating_hours)),
        ${BASELINE_FROM_FIRST_READING},
        last_seen_at = now(),
        parameters = coalesce(u.params, l.parameters),
        version = l.version + 1,
        updated_at = now()
      from lift_changes u
      where l.id = u.lift_id
    )
    select coalesce(json_agg(json_build_array(imei, seq)), '[]'::json) as fresh from fresh`);
  const [answer] = rowsOf<{ fresh: [string, string | number][] | string }>(written);
  const freshKeys = parsed<[string, string | number][]>(answer?.fresh ?? []);
  const fresh = new Set(freshKeys.map(([imei, seq]) => readingKey(imei, Number(seq))));

  const readings: Reading[] = [];
  const messages: Message[] = [];
  batch.received.forEach((r, i) => {
    if (!fresh.has(readingKey(r.imei, r.reading.seq))) return;
    readings.push(r);
    const row = input[i];
    const message = row && storedMessage(row);
    if (message) messages.push(message);
  });
  batch.readings = readings;
  batch.messages = messages;
};

/**
 * A reading as the statement takes it: a `messages` row (its id drawn here, so that the insert
 * answers nothing back), or (`params`) only its receipt and parameters.
 */
interface MessageInput {
  i: number;
  imei: string;
  seq: number;
  lift_id: string;
  error_lift: boolean;
  id?: string;
  year?: number;
  kind?: MessageKind;
  code?: number;
  active?: boolean;
  floor?: number | null;
  trips?: number;
  operating_hours?: number;
  at?: string;
  params?: LiftParameters;
}

function messageInput(r: Reading, i: number, errorLift: boolean): MessageInput {
  const base = { i, imei: r.imei, seq: r.reading.seq, lift_id: r.liftId, error_lift: errorLift };
  if (r.kind === 'params') {
    const { seq: _seq, ts: _ts, ...parameters } = r.reading;
    return { ...base, params: parameters };
  }
  const at = new Date(r.reading.ts);
  const common = { ...base, id: timeOrderedId(), year: at.getUTCFullYear(), at: at.toISOString() };
  if (r.kind === 'stats') {
    return { ...common, kind: 'stats', trips: r.reading.trips, operating_hours: r.reading.operatingHours };
  }
  return {
    ...common,
    kind: r.reading.type,
    code: r.reading.code,
    active: r.reading.active,
    floor: r.reading.floor ?? null,
  };
}

/**
 * A time-ordered id (UUID version 7, RFC 9562: 48 bits of the server's milliseconds, then random
 * bits): the readings of one batch are neighbours in the `(year, id, at)` key, so its inserts land
 * on the index's last pages instead of one random page each (fewer pages read, dirtied and logged).
 * Still random enough to be unique in practice, as docs/telemetry.md requires of reading ids.
 */
function timeOrderedId(): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx, variant bits already set
  const ms = Date.now().toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${random.slice(15)}`;
}

/** A reading just stored, as the API shows it (its other columns hold their defaults); none for `params`. */
function storedMessage(row: MessageInput): Message | undefined {
  if (!row.id || row.year === undefined || !row.kind || !row.at) return undefined;
  return toMessage({
    id: row.id,
    year: row.year,
    liftId: row.lift_id,
    kind: row.kind,
    code: row.code ?? null,
    active: row.active ?? null,
    floor: row.floor ?? null,
    trips: row.trips ?? null,
    operatingHours: row.operating_hours ?? null,
    at: new Date(row.at),
    isNotes: false,
    notes: null,
    version: 1,
    // Not part of the API's view (toMessage): the database drew them.
    syncSeq: 0,
    updatedAt: new Date(0),
    deletedAt: null,
  });
}

/** `json` columns: node-postgres parses them, PGlite too; a string is parsed here. */
function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
