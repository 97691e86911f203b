import { createHash } from 'node:crypto';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  berlinDay,
  liftMaintenanceDue,
  type MaintenanceDefaults,
  type VisitCounters,
} from '../../../contract/maintenance';
import { type Lift, simVolumeStatus } from '../../../contract/schemas/lift';
import { HOUR_MS } from '../../../contract/time';
import type { Database } from '../../db/client';
import { inspectionIntervals } from '../../db/schema/inspections';
import { type LiftRow, type LiftUserKind, lifts, liftUsers } from '../../db/schema/lifts';
import { maintenancePlans, maintenanceVisits } from '../../db/schema/maintenance';
import { sims } from '../../db/schema/sims';
import { users } from '../../db/schema/users';
import { SharedReads } from '../../lib/shared-reads';
import { settingsOf } from '../settings/settings.plugin';

export interface LoadLiftsOptions {
  limit?: number;
  offset?: number;
  orderBy?: SQL[];
}
const MIB = 1024 * 1024;

/** MB left on a card (docs/sims.md), to a tenth: the figure beside a lift's SIM volume status. */
const simDataLeftMb = (sim: { quotaBytes: number; usedBytes: number }) =>
  Math.round((Math.max(0, sim.quotaBytes - sim.usedBytes) / MIB) * 10) / 10;

/**
 * `berlinDay(at)`, kept per UTC hour: Europe/Berlin's offsets and their changes are whole hours,
 * so every moment of one UTC hour is on the same Berlin day; formatting a date costs more than
 * the rest of a listed lift (docs/api.md#caches-and-their-bounds).
 */
const DAYS_KEPT = 100_000;
const dayByHour = new Map<number, string>();
export function berlinDayOf(at: Date): string {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  let day = dayByHour.get(hour);
  if (day === undefined) {
    if (dayByHour.size >= DAYS_KEPT) dayByHour.clear();
    day = berlinDay(hour * HOUR_MS);
    dayByHour.set(hour, day);
  }
  return day;
}

/** Hours with an error raised, still growing while errors are active. */
export function brokenHours(
  row: Pick<LiftRow, 'brokenMs' | 'brokenSince' | 'activeErrors'>,
  now = Date.now(),
) {
  const running =
    row.brokenSince && row.activeErrors.length > 0 ? Math.max(0, now - row.brokenSince.getTime()) : 0;
  return (row.brokenMs + running) / HOUR_MS;
}

/** A lift's customer or service man, with the name the lift's page shows. */
interface Assignment {
  liftId?: string;
  userId: string;
  kind: LiftUserKind;
  displayName: string;
}

/** The two figures of a SIM that a lift shows. */
type SimVolume = { quotaBytes: number; usedBytes: number };

/**
 * A lift's own maintenance plan (null: the settings' defaults), its newest visit
 * (docs/maintenance.md) and its own interval of main inspections (null: the default,
 * docs/inspections.md).
 */
interface LiftSchedule {
  plan: { everyTrips: number | null; everyHours: number | null; everyMonths: number | null } | null;
  lastVisit: VisitCounters | null;
  inspectionEveryMonths: number | null;
}

/** What every lift of one answer shares: the clock, the day and the settings it is judged by. */
interface MappingContext {
  now: number;
  today: string;
  lowVolumePercent: number;
  maintenance: MaintenanceDefaults;
}

function mappingContext(db: Database): MappingContext {
  const settings = settingsOf(db);
  return {
    now: Date.now(),
    today: berlinDay(),
    lowVolumePercent: settings.sims.lowVolumePercent,
    maintenance: settings.maintenance,
  };
}

/** One lift row as the contract's `Lift`; `assigned` ordered by display name, then id. */
function toLift(
  row: ListedLiftRow,
  assigned: readonly Assignment[],
  sim: SimVolume | null,
  { plan, lastVisit, inspectionEveryMonths }: LiftSchedule,
  context: MappingContext,
): Lift {
  const customers: string[] = [];
  const servicemen: string[] = [];
  const assignedUsers = new Map<string, string>();
  for (const entry of assigned) {
    (entry.kind === 'customer' ? customers : servicemen).push(entry.userId);
    assignedUsers.set(entry.userId, entry.displayName);
  }
  const current = row.activeErrors.at(-1) ?? null;
  const maintenance: Lift['maintenance'] = {
    everyTrips: plan?.everyTrips ?? null,
    everyHours: plan?.everyHours ?? null,
    everyMonths: plan?.everyMonths ?? null,
    since: berlinDayOf(row.createdAt),
    baseline:
      row.baselineTrips === null || row.baselineOperatingHours === null
        ? null
        : { trips: row.baselineTrips, operatingHours: row.baselineOperatingHours },
  };
  const stats = { trips: row.trips, operatingHours: row.operatingHours };
  // The badge says what the due list says (contract/maintenance.ts): due or overdue by the plan.
  const due = liftMaintenanceDue(
    { uid: row.uid, stats, maintenance, lastVisit },
    context.maintenance,
    context.today,
  );
  return {
    id: row.id,
    uid: row.uid,
    address: row.address,
    imei: row.imei,
    iccid: row.iccid,
    customers,
    servicemen,
    assignedUsers: [...assignedUsers].map(([id, displayName]) => ({ id, displayName })),
    maxTrips: row.maxTrips,
    maxOperatingHours: row.maxOperatingHours,
    stats: { ...stats, brokenHours: brokenHours(row, context.now) },
    state: {
      online: row.online,
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      currentError: current ? { code: current.code, since: current.since } : null,
      maintenanceDue: due.status !== 'ok',
    },
    simVolumeStatus: simVolumeStatus(row.iccid, sim, context.lowVolumePercent),
    simDataLeftMb: sim && sim.quotaBytes > 0 ? simDataLeftMb(sim) : null,
    parameters: row.parameters,
    maintenance,
    inspectionEveryMonths,
    manufacturer: row.manufacturer,
    driveType: row.driveType,
    doorType: row.doorType,
    buildingType: row.buildingType,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `column = any($1)` with the list as one array parameter: `inArray` makes a parameter of each
 * value, and building a statement of a sync page's 1000 lifts that way cost more server time than
 * running it (docs/sync.md#first-sync).
 */
const anyOf = (column: Column, values: string[], type: 'uuid' | 'text') =>
  sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`;

/**
 * Lift rows as the contract's `Lift`, in six queries for any number of rows: the lifts, their
 * assignments with the users' names, their SIMs, their maintenance plans, newest visits and
 * inspection intervals.
 */
export async function toLifts(db: Database, rows: LiftRow[]): Promise<Lift[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const iccids = [...new Set(rows.map((row) => row.iccid).filter((iccid): iccid is string => !!iccid))];
  const [assignments, simRows, planRows, visitRows, intervalRows] = await Promise.all([
    db
      .select({
        liftId: liftUsers.liftId,
        userId: liftUsers.userId,
        kind: liftUsers.kind,
        displayName: users.displayName,
      })
      .from(liftUsers)
      .innerJoin(users, eq(users.id, liftUsers.userId))
      .where(anyOf(liftUsers.liftId, ids, 'uuid'))
      .orderBy(asc(users.displayName), asc(users.id)),
    iccids.length
      ? db
          .select()
          .from(sims)
          // A card the provider no longer lists (docs/sims.md) tells nothing of the lift's volume.
          .where(and(anyOf(sims.iccid, iccids, 'text'), isNull(sims.goneAt)))
      : Promise.resolve([]),
    db
      .select()
      .from(maintenancePlans)
      .where(anyOf(maintenancePlans.liftId, ids, 'uuid')),
    db
      .selectDistinctOn([maintenanceVisits.liftId], {
        liftId: maintenanceVisits.liftId,
        visitedOn: maintenanceVisits.visitedOn,
        trips: maintenanceVisits.trips,
        operatingHours: maintenanceVisits.operatingHours,
      })
      .from(maintenanceVisits)
      .where(and(anyOf(maintenanceVisits.liftId, ids, 'uuid'), isNull(maintenanceVisits.deletedAt)))
      .orderBy(
        maintenanceVisits.liftId,
        desc(maintenanceVisits.visitedOn),
        desc(maintenanceVisits.createdAt),
      ),
    db
      .select()
      .from(inspectionIntervals)
      .where(anyOf(inspectionIntervals.liftId, ids, 'uuid')),
  ]);
  const simByIccid = new Map(simRows.map((sim) => [sim.iccid, sim]));
  const byLift = new Map<string, Assignment[]>();
  for (const entry of assignments) {
    const mine = byLift.get(entry.liftId);
    if (mine) mine.push(entry);
    else byLift.set(entry.liftId, [entry]);
  }
  const planById = new Map(planRows.map((plan) => [plan.liftId, plan]));
  const visitById = new Map(visitRows.map(({ liftId, ...visit }) => [liftId, visit]));
  const intervalById = new Map(intervalRows.map((row) => [row.liftId, row.mainEveryMonths]));
  const context = mappingContext(db);
  return rows.map((row) =>
    toLift(
      row,
      byLift.get(row.id) ?? [],
      (row.iccid && simByIccid.get(row.iccid)) || null,
      {
        plan: planById.get(row.id) ?? null,
        lastVisit: visitById.get(row.id) ?? null,
        inspectionEveryMonths: intervalById.get(row.id) ?? null,
      },
      context,
    ),
  );
}

/**
 * A lift's assignments as one JSON array, in the order `toLift` expects: a page of lifts is one
 * query instead of three (docs/api.md#lift-list).
 */
const ASSIGNMENTS = sql<Assignment[] | null>`(select json_agg(json_build_object('userId', lu.user_id,
    'kind', lu.kind, 'displayName', u.display_name) order by u.display_name, u.id)
  from lift_users lu join users u on u.id = lu.user_id where lu.lift_id = ${lifts.id})`;

/** A lift's newest maintenance visit, as `toLifts` picks it (maintenance_visits_lift_idx). */
const LAST_VISIT = sql<VisitCounters | null>`(select json_build_object('visitedOn', v.visited_on,
    'trips', v.trips::double precision, 'operatingHours', v.operating_hours)
  from maintenance_visits v where v.lift_id = ${lifts.id} and v.deleted_at is null
  order by v.visited_on desc, v.created_at desc limit 1)`;

/** Columns a lift list may be sorted by (`sort=trips`, `sort=-lastSeenAt`); by uid otherwise. */
export const LIFT_SORT_COLUMNS = {
  uid: lifts.uid,
  address: lifts.address,
  imei: lifts.imei,
  trips: lifts.trips,
  operatingHours: lifts.operatingHours,
  lastSeenAt: lifts.lastSeenAt,
  updatedAt: lifts.updatedAt,
} as const;

/** Columns of `lifts` no answer shows: the controller's key, the sync position, the tombstone. */
const UNLISTED_COLUMNS = new Set<string>(['deviceKeyHash', 'syncSeq', 'deletedAt']);
/** What `toLift` reads of a lift row. */
type ListedLiftRow = Omit<LiftRow, 'deviceKeyHash' | 'syncSeq' | 'deletedAt'>;
const LISTED_COLUMNS = Object.entries(getTableColumns(lifts)).filter(([key]) => !UNLISTED_COLUMNS.has(key));
/** JSON has no dates: these come as text and become `Date`s again, as Drizzle would map them. */
const DATE_KEYS = LISTED_COLUMNS.filter(([, column]) => column.dataType === 'date').map(([key]) => key);

/**
 * A listed lift's row, its assignments, SIM figures, plan and newest visit as one JSON text, the
 * keys those of `LiftListRow`: read with one `JSON.parse` instead of pg's and Drizzle's mapping of
 * some forty columns, which cost a list request more server time than anything else
 * (docs/api.md#lift-list). The keys are the schema's own property names.
 */
const LIST_ROW_JSON = sql<string>`json_build_object(
  'lift', json_build_object(${sql.join(
    LISTED_COLUMNS.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )}),
  'assignments', ${ASSIGNMENTS},
  'simQuotaBytes', ${sims.quotaBytes}, 'simUsedBytes', ${sims.usedBytes},
  'planTrips', ${maintenancePlans.everyTrips}, 'planHours', ${maintenancePlans.everyHours},
  'planMonths', ${maintenancePlans.everyMonths}, 'hasPlan', ${maintenancePlans.liftId},
  'lastVisit', ${LAST_VISIT}, 'inspectionEveryMonths', ${inspectionIntervals.mainEveryMonths})::text`;

/** The page query's columns and joins: a page of lifts is one statement (docs/api.md#lift-list). */
function selectLiftRows(db: Database) {
  return db
    .select({ row: LIST_ROW_JSON })
    .from(lifts)
    .leftJoin(sims, and(eq(sims.iccid, lifts.iccid), isNull(sims.goneAt)))
    .leftJoin(maintenancePlans, eq(maintenancePlans.liftId, lifts.id))
    .leftJoin(inspectionIntervals, eq(inspectionIntervals.liftId, lifts.id))
    .$dynamic();
}
type ListRowText = Awaited<ReturnType<typeof selectLiftRows>>[number];

interface LiftListRow {
  lift: ListedLiftRow;
  assignments: Assignment[] | null;
  simQuotaBytes: number | null;
  simUsedBytes: number | null;
  planTrips: number | null;
  planHours: number | null;
  planMonths: number | null;
  hasPlan: string | null;
  lastVisit: VisitCounters | null;
  inspectionEveryMonths: number | null;
}

function parseListRow({ row }: ListRowText): LiftListRow {
  const parsed = JSON.parse(row) as LiftListRow;
  const lift = parsed.lift as unknown as Record<string, unknown>;
  for (const key of DATE_KEYS) {
    const value = lift[key];
    if (typeof value === 'string') lift[key] = new Date(value);
  }
  return parsed;
}

function rowToLift(text: ListRowText, context: MappingContext): Lift {
  const row = parseListRow(text);
  return toLift(
    row.lift,
    row.assignments ?? [],
    row.simQuotaBytes === null || row.simUsedBytes === null
      ? null
      : { quotaBytes: row.simQuotaBytes, usedBytes: row.simUsedBytes },
    {
      plan: row.hasPlan
        ? { everyTrips: row.planTrips, everyHours: row.planHours, everyMonths: row.planMonths }
        : null,
      lastVisit: row.lastVisit,
      inspectionEveryMonths: row.inspectionEveryMonths,
    },
    context,
  );
}

/** A page of lifts matching `condition` (for instance `liftScopeCondition(user)` and a search), in one query. */
export async function loadLifts(db: Database, condition: SQL | undefined, options: LoadLiftsOptions = {}) {
  let query = selectLiftRows(db)
    .where(condition)
    .orderBy(...(options.orderBy ?? DEFAULT_ORDER));
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  const context = mappingContext(db);
  return (await query).map((row) => rowToLift(row, context));
}

const DEFAULT_ORDER = [asc(lifts.uid), asc(lifts.id)];
/** Renders conditions to text for keys only; statements are built by `db`. */
const dialect = new PgDialect();

/** A condition (and order) as text and parameters: what the caches below are keyed by. */
function sqlKey(parts: readonly (SQL | undefined)[]): string {
  const { sql: text, params } = dialect.sqlToQuery(
    sql.join(
      parts.map((part) => part ?? sql`true`),
      sql`;`,
    ),
  );
  return params.length ? `${text}\u0000${JSON.stringify(params)}` : text;
}

/**
 * The list's page queries, built once per condition and order and run as named prepared statements
 * (one per query text, whatever the user): building a statement with Drizzle cost more server
 * time per request than running it (docs/api.md#caches-and-their-bounds). `ids` reads the page's
 * rows by id, `range` by `limit` and `offset`.
 */
type PageVariant = 'ids' | 'range';
interface PreparedPage {
  execute(values: Record<string, unknown>): Promise<ListRowText[]>;
}
const PREPARED_PAGES_MAX = 500;
const preparedPages = new WeakMap<Database, Map<string, PreparedPage>>();

function preparedPage(
  db: Database,
  variant: PageVariant,
  condition: SQL | undefined,
  orderBy: SQL[] = DEFAULT_ORDER,
): PreparedPage {
  const key = `${variant}:${sqlKey([condition, ...orderBy])}`;
  const cache = preparedPages.get(db) ?? new Map<string, PreparedPage>();
  preparedPages.set(db, cache);
  const known = cache.get(key);
  if (known) return known;
  let query = selectLiftRows(db);
  if (variant === 'ids') {
    query = query
      .where(and(sql`${lifts.id} = any(${sql.placeholder('ids')}::uuid[])`, condition))
      .orderBy(...orderBy);
  } else {
    // The page's ids first, then its rows: the rows an offset skips are not built as JSON with
    // their assignments and newest visit only to be thrown away (docs/api.md#lift-list).
    const pageIds = db
      .select({ id: lifts.id })
      .from(lifts)
      .where(condition)
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    query = query.where(inArray(lifts.id, pageIds)).orderBy(...orderBy);
  }
  const name = `lift_page_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 20)}`;
  const prepared = query.prepare(name) as PreparedPage;
  if (cache.size >= PREPARED_PAGES_MAX) cache.clear(); // searches make many keys
  cache.set(key, prepared);
  return prepared;
}

/**
 * What a list needs of the whole set a condition selects: its size, and for sets up to
 * `ORDERED_IDS_MAX` lifts their ids in the default order (uid, id), so that a page of the default
 * order reads only its own rows (docs/api.md#lift-list). Finding them scans every lift in scope
 * (an exact count of 100,000 lifts takes about 15 ms; a customer's few hundred lifts are a few
 * hundred index lookups), the bulk of a list request's cost. So this is shared by the requests that
 * ask for it until a second after it was read (`SharedReads`), and dropped with the shared pages
 * (`forgetLiftLists`: this process's writes, and any process's changes to who sees which lift by
 * NOTIFY, server/modules/lifts/lift-lists.ts). A page reads its rows with the condition again, so
 * the count may be one off for that second, the rows never.
 */
const LIST_REUSE_MS = 1000;
const ORDERED_IDS_MAX = 2000;
interface LiftScope {
  total: number;
  /** In the default order; null when the set is larger than `ORDERED_IDS_MAX`. */
  ids: string[] | null;
}
const isLarge = (scope: LiftScope | undefined) =>
  scope !== undefined && scope.ids === null && scope.total > ORDERED_IDS_MAX;

/**
 * A list page's answer (`{ lifts, count }` as JSON text) is shared the same way as the scope: the
 * requests for the same page of the same condition within a second after it was read get the same
 * text, without a query or serializing again. Bounded by count and by size (a page of 1000 lifts
 * is about 1.3 MB).
 */
const PAGE_ANSWERS_MAX_BYTES = 16 * 1024 * 1024;
interface ListReads {
  scopes: SharedReads<LiftScope>;
  pages: SharedReads<string>;
}
const listReadsByDb = new WeakMap<Database, ListReads>();
function listReads(db: Database): ListReads {
  let reads = listReadsByDb.get(db);
  if (!reads) {
    reads = {
      scopes: new SharedReads({ reuseMs: LIST_REUSE_MS, maxEntries: 1000 }),
      pages: new SharedReads({
        reuseMs: LIST_REUSE_MS,
        maxEntries: 1000,
        sizeOf: (text) => text.length,
        maxSize: PAGE_ANSWERS_MAX_BYTES,
      }),
    };
    listReadsByDb.set(db, reads);
  }
  return reads;
}

/** The scope's shared read, and whether it is known to be too large for ids (so a page need not wait for it). */
function liftScope(db: Database, condition: SQL | undefined): { scope: Promise<LiftScope>; large: boolean } {
  const countAll = async (): Promise<LiftScope> => {
    const [row] = await db.select({ value: count() }).from(lifts).where(condition);
    return { total: row?.value ?? 0, ids: null };
  };
  const readIds = () =>
    db
      .select({ id: lifts.id })
      .from(lifts)
      .where(condition)
      .orderBy(...DEFAULT_ORDER)
      .limit(ORDERED_IDS_MAX + 1)
      .then((rows) =>
        rows.length <= ORDERED_IDS_MAX ? { total: rows.length, ids: rows.map((row) => row.id) } : countAll(),
      );
  // A set that was too large last time is counted straight away (an admin's 100,000 lifts), and
  // pages of it never wait for its count.
  const { value, latest } = listReads(db).scopes.read(sqlKey([condition]), (latest) =>
    isLarge(latest) ? countAll() : readIds(),
  );
  return { scope: value, large: isLarge(latest) };
}

/** After any write that may change which lifts exist, who sees them, their uids or what a list shows of them. */
export function forgetLiftLists(db: Database): void {
  const reads = listReadsByDb.get(db);
  reads?.scopes.clear();
  reads?.pages.clear();
}

/**
 * A page of the lifts matching `condition` and their total. No `orderBy`: the default order (uid),
 * read by the ids of the page when the set is small enough to keep them (`liftScope`).
 */
export async function pageOfLifts(
  db: Database,
  condition: SQL | undefined,
  page: Required<Pick<LoadLiftsOptions, 'limit' | 'offset'>> & Pick<LoadLiftsOptions, 'orderBy'>,
): Promise<{ lifts: Lift[]; count: number }> {
  const { scope, large } = liftScope(db, condition);
  const ids = page.orderBy || large ? null : (await scope).ids;
  const context = mappingContext(db);
  if (!ids) {
    const [rows, { total }] = await Promise.all([
      preparedPage(db, 'range', condition, page.orderBy).execute({ limit: page.limit, offset: page.offset }),
      scope,
    ]);
    return { lifts: rows.map((row) => rowToLift(row, context)), count: total };
  }
  const pageIds = ids.slice(page.offset, page.offset + page.limit);
  const rows = pageIds.length ? await preparedPage(db, 'ids', condition).execute({ ids: pageIds }) : [];
  return { lifts: rows.map((row) => rowToLift(row, context)), count: ids.length };
}

/**
 * `pageOfLifts` as the JSON text of its answer. With `shared` (while the lift_lists_changed
 * notifications arrive, server/modules/lifts/lift-lists.ts) the requests for the same page within a
 * second after it was read get the same text (`listReads`): 32 admins opening the list at once cost
 * one query.
 */
export function pageOfLiftsAnswer(
  db: Database,
  condition: SQL | undefined,
  page: Required<Pick<LoadLiftsOptions, 'limit' | 'offset'>> & Pick<LoadLiftsOptions, 'orderBy'>,
  shared: boolean,
): Promise<string> {
  const read = async () => JSON.stringify(await pageOfLifts(db, condition, page));
  if (!shared) return read();
  const key = `${page.limit}:${page.offset}:${sqlKey([condition, ...(page.orderBy ?? [])])}`;
  return listReads(db).pages.read(key, read).value;
}

/** One lift by id, tombstoned or not, or null; combine with a scope condition through `loadLifts`. */
export async function loadLift(db: Database, id: string, condition?: SQL): Promise<Lift | null> {
  const [lift] = await loadLifts(db, condition ? and(eq(lifts.id, id), condition) : eq(lifts.id, id), {
    limit: 1,
  });
  return lift ?? null;
}
