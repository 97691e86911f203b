import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EventReading, ParamsReading, StatsReading } from '../../../contract/device';
import type { LiftParameters } from '../../../contract/parameters';
import type { Message, MessageKind } from '../../../contract/schemas/message';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import { toMessage } from '../messages/message-mapper';

/** One validated reading of one controller, waiting for its batch. */
export type Reading =
  | { kind: 'stats'; liftId: string; imei: string; reading: StatsReading }
  | { kind: 'event'; liftId: string; imei: string; reading: EventReading }
  | { kind: 'params'; liftId: string; imei: string; reading: ParamsReading };

/** A transaction of the ingest, as Drizzle hands it to `db.transaction`. */
export type IngestTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Work another domain does with each batch, inside its transaction (alarms opened by events,
 * hourly roll-ups for analytics): it commits with the readings or not at all, so a restart never
 * half-applies it. It gets the readings stored for the first time (a resent reading is not among
 * them) and may answer work to run after the commit (notifications), which must not throw.
 */
export type IngestStep = (
  tx: IngestTransaction,
  readings: readonly Reading[],
) => Promise<(() => void) | undefined>;

interface Pending {
  item: Reading;
  /** When it was added (performance.now()). */
  since: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface IngestOptions {
  /** Readings collected before a batch is written without waiting further. */
  maxBatch?: number;
  /** How long the first reading of a batch may wait for company, in ms. */
  maxDelayMs?: number;
  /** Called after a batch committed, with the lifts it changed and the readings it stored. */
  onCommitted?: (committed: Committed) => void;
  /** Steps of other domains, read at each batch (modules add theirs after the gateway started). */
  steps?: readonly IngestStep[];
  onError?: (error: unknown) => void;
}

type ActiveError = { code: number; since: string };

/** What one committed batch changed: lift rows, and the stats and event readings it stored. */
export interface Committed {
  liftIds: Set<string>;
  /** As the API shows them (a reading stored once before is not here again). */
  messages: Message[];
}

/**
 * Group commit of controller readings (docs/device-protocol.md): readings arriving within a few milliseconds
 * are written in ONE transaction with multi-row statements, and each reading's promise resolves
 * only after that transaction committed, so an acknowledgement never covers uncommitted data.
 * The same `(imei, seq)` is stored once: the receipt insert decides, in the same transaction.
 * One batch is written at a time; the next one gathers while the current one commits.
 */
export class IngestQueue {
  private buffer: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly db: Database,
    private readonly options: IngestOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 2;
  }

  /** Resolves once the reading is committed (or was already stored); rejects when it could not be. */
  add(item: Reading): Promise<void> {
    if (this.closed) return Promise.reject(new Error('ingest closed'));
    return new Promise<void>((resolve, reject) => {
      this.buffer.push({ item, since: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  /** Writes what is buffered and waits for it; refuses new readings. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running || this.buffer.length > 0) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      if (!this.running) this.start();
      await this.running;
    }
  }

  private schedule() {
    if (this.running) return; // the running batch picks the buffer up when it ends
    // The first reading waits at most maxDelayMs for company. Readings that arrived while a batch
    // was committing have mostly waited that long already and go at once: no idle pause between
    // two batches under load.
    const waited = performance.now() - (this.buffer[0]?.since ?? performance.now());
    if (this.buffer.length >= this.maxBatch || waited >= this.maxDelayMs) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      this.start();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        if (!this.running) this.start();
      }, this.maxDelayMs - waited);
    }
  }

  private start() {
    const batch = this.buffer.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    this.running = this.write(batch).finally(() => {
      this.running = undefined;
      if (this.buffer.length > 0) {
        if (this.closed || this.buffer.length >= this.maxBatch) this.start();
        else this.schedule();
      }
    });
  }

  private async write(batch: Pending[]) {
    try {
      const committed = await writeBatch(
        this.db,
        batch.map((p) => p.item),
        this.options.steps,
      );
      for (const p of batch) p.resolve();
      if (committed.liftIds.size > 0) this.options.onCommitted?.(committed);
    } catch (error) {
      this.options.onError?.(error);
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One poisonous reading must not block the others forever: retry each on its own.
      for (const p of batch) {
        try {
          const committed = await writeBatch(this.db, [p.item], this.options.steps);
          p.resolve();
          if (committed.liftIds.size > 0) this.options.onCommitted?.(committed);
        } catch (single) {
          p.reject(single);
        }
      }
    }
  }
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
 * A lift's first stats reading sets where its first maintenance interval starts (docs/maintenance.md);
 * counters only grow, so the batch's lowest are its first.
 */
const BASELINE_FROM_FIRST_READING = sql.raw(`baseline_trips = coalesce(l.baseline_trips, u.first_trips),
          baseline_operating_hours = coalesce(l.baseline_operating_hours, u.first_hours)`);

const key = (imei: string, seq: number) => `${imei}:${seq}`;

/** Writes readings in one transaction; answers the lifts whose row changed and the stored messages. */
export async function writeBatch(
  db: Database,
  items: Reading[],
  steps: readonly IngestStep[] = [],
): Promise<Committed> {
  // The same (imei, seq) twice in one batch is one reading.
  const unique = new Map<string, Reading>();
  for (const item of items) {
    const k = key(item.imei, item.reading.seq);
    if (!unique.has(k)) unique.set(k, item);
  }
  const candidates = [...unique.values()];
  const changed = new Set<string>();
  const stored: Message[] = [];
  const afterCommit: (() => void)[] = [];

  await db.transaction(async (tx) => {
    // One round trip for the receipts and the readings: `fresh` holds the (imei, seq) stored for the
    // first time, and only their stats and events become messages (a resent one is acknowledged
    // again, not stored again). Rows keep the batch's order, so sync positions follow it.
    // Lifts with an error event take the second path below (their error state is computed here);
    // the others' row is updated in the same statement.
    const errorLifts = new Set(
      candidates.filter((r) => r.kind === 'event' && r.reading.type === 'error').map((r) => r.liftId),
    );
    const input = candidates.map((r, i) => messageInput(r, i, errorLifts.has(r.liftId)));
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
    const fresh = new Set(freshKeys.map(([imei, seq]) => key(imei, Number(seq))));
    if (fresh.size === 0) return;
    const readings: Reading[] = [];
    candidates.forEach((r, i) => {
      if (!fresh.has(key(r.imei, r.reading.seq))) return;
      readings.push(r);
      const row = input[i];
      const message = row && storedMessage(row);
      if (message) stored.push(message);
    });

    const perLift = new Map<string, LiftChange>();
    for (const r of readings) {
      changed.add(r.liftId);
      if (!errorLifts.has(r.liftId)) continue; // updated by the statement above
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
        // Newest reading of the batch wins.
        change.params = parameters;
      }
    }

    // Error state needs the current row; lock those lifts (in id order, so no deadlocks).
    const withEvents = [...perLift.values()].map((c) => c.id);
    const errorState = new Map<
      string,
      { activeErrors: ActiveError[]; brokenSince: number | null; brokenMs: number }
    >();
    if (withEvents.length > 0) {
      const current = await tx.execute(sql`
        select id, active_errors, broken_since, broken_ms from lifts
        where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(withEvents)}::jsonb))
        order by id for update`);
      for (const row of rowsOf<{
        id: string;
        active_errors: ActiveError[] | string;
        broken_since: string | Date | null;
        broken_ms: string | number;
      }>(current)) {
        const active =
          typeof row.active_errors === 'string' ? JSON.parse(row.active_errors) : row.active_errors;
        errorState.set(row.id, {
          activeErrors: active ?? [],
          brokenSince: row.broken_since === null ? null : new Date(row.broken_since).getTime(),
          brokenMs: Number(row.broken_ms),
        });
      }
    }

    const updates = [...perLift.values()]
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
        const state = errorState.get(change.id);
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

    if (updates.length > 0) {
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
    }

    for (const step of steps) {
      const after = await step(tx, readings);
      if (after) afterCommit.push(after);
    }
  });
  for (const after of afterCommit) after();
  return { liftIds: changed, messages: stored };
}

/**
 * A reading as the ingest statement takes it: a `messages` row (its id drawn here, so that the
 * insert answers nothing back), or (`params`) only its receipt and parameters.
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

/** Raise adds `{code, since}`, clear removes; broken time runs from the first raise to the last clear. */
function applyEvents(
  state: { activeErrors: ActiveError[]; brokenSince: number | null; brokenMs: number },
  events: EventReading[],
) {
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
