import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Lift, simVolumeStatus } from '../../../contract/schemas/lift';
import type { Database } from '../../db/client';
import { type LiftRow, type LiftUserKind, lifts, liftUsers, sims, users } from '../../db/schema';

export interface LoadLiftsOptions {
  limit?: number;
  offset?: number;
  orderBy?: SQL[];
}

const HOUR_MS = 3.6e6;
const MIB = 1024 * 1024;

/** MB left on a card (docs/sims.md), to a tenth: the figure beside a lift's SIM volume status. */
const simDataLeftMb = (sim: { quotaBytes: number; usedBytes: number }) =>
  Math.round((Math.max(0, sim.quotaBytes - sim.usedBytes) / MIB) * 10) / 10;

/** Hours with an error raised, still growing while errors are active. */
export function brokenHours(
  row: Pick<LiftRow, 'brokenMs' | 'brokenSince' | 'activeErrors'>,
  now = Date.now(),
) {
  const running =
    row.brokenSince && row.activeErrors.length > 0 ? Math.max(0, now - row.brokenSince.getTime()) : 0;
  return (row.brokenMs + running) / HOUR_MS;
}

export function isMaintenanceDue(
  row: Pick<LiftRow, 'maxTrips' | 'trips' | 'maxOperatingHours' | 'operatingHours'>,
) {
  return (
    (row.maxTrips > 0 && row.trips >= row.maxTrips) ||
    (row.maxOperatingHours > 0 && row.operatingHours >= row.maxOperatingHours)
  );
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

/** One lift row as the contract's `Lift`; `assigned` ordered by display name, then id. */
function toLift(row: LiftRow, assigned: readonly Assignment[], sim: SimVolume | null, now: number): Lift {
  const customers: string[] = [];
  const servicemen: string[] = [];
  const assignedUsers = new Map<string, string>();
  for (const entry of assigned) {
    (entry.kind === 'customer' ? customers : servicemen).push(entry.userId);
    assignedUsers.set(entry.userId, entry.displayName);
  }
  const current = row.activeErrors.at(-1) ?? null;
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
    stats: { trips: row.trips, operatingHours: row.operatingHours, brokenHours: brokenHours(row, now) },
    state: {
      online: row.online,
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      currentError: current ? { code: current.code, since: current.since } : null,
      maintenanceDue: isMaintenanceDue(row),
    },
    simVolumeStatus: simVolumeStatus(sim),
    simDataLeftMb: sim && sim.quotaBytes > 0 ? simDataLeftMb(sim) : null,
    parameters: row.parameters,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Lift rows as the contract's `Lift`, in three queries for any number of rows: the lifts, their
 * assignments with the users' names, and their SIMs.
 */
export async function toLifts(db: Database, rows: LiftRow[]): Promise<Lift[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const iccids = [...new Set(rows.map((row) => row.iccid).filter((iccid): iccid is string => !!iccid))];
  const [assignments, simRows] = await Promise.all([
    db
      .select({
        liftId: liftUsers.liftId,
        userId: liftUsers.userId,
        kind: liftUsers.kind,
        displayName: users.displayName,
      })
      .from(liftUsers)
      .innerJoin(users, eq(users.id, liftUsers.userId))
      .where(inArray(liftUsers.liftId, ids))
      .orderBy(asc(users.displayName), asc(users.id)),
    iccids.length ? db.select().from(sims).where(inArray(sims.iccid, iccids)) : Promise.resolve([]),
  ]);
  const simByIccid = new Map(simRows.map((sim) => [sim.iccid, sim]));
  const byLift = new Map<string, Assignment[]>();
  for (const entry of assignments) {
    const mine = byLift.get(entry.liftId);
    if (mine) mine.push(entry);
    else byLift.set(entry.liftId, [entry]);
  }
  const now = Date.now();
  return rows.map((row) =>
    toLift(row, byLift.get(row.id) ?? [], (row.iccid && simByIccid.get(row.iccid)) || null, now),
  );
}

/**
 * A lift's assignments as one JSON array, in the order `toLift` expects: a page of lifts is one
 * query instead of three (docs/api.md#lift-list).
 */
const ASSIGNMENTS = sql<Assignment[] | null>`(select json_agg(json_build_object('userId', lu.user_id,
    'kind', lu.kind, 'displayName', u.display_name) order by u.display_name, u.id)
  from lift_users lu join users u on u.id = lu.user_id where lu.lift_id = ${lifts.id})`;

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

/** A page of lifts matching `condition` (for instance `liftScopeCondition(user)` and a search), in one query. */
export async function loadLifts(db: Database, condition: SQL | undefined, options: LoadLiftsOptions = {}) {
  let query = db
    .select({
      lift: lifts,
      assignments: ASSIGNMENTS,
      simQuotaBytes: sims.quotaBytes,
      simUsedBytes: sims.usedBytes,
    })
    .from(lifts)
    .leftJoin(sims, eq(sims.iccid, lifts.iccid))
    .where(condition)
    .orderBy(...(options.orderBy ?? [asc(lifts.uid), asc(lifts.id)]))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  const now = Date.now();
  return (await query).map((row) =>
    toLift(
      row.lift,
      row.assignments ?? [],
      row.simQuotaBytes === null || row.simUsedBytes === null
        ? null
        : { quotaBytes: row.simQuotaBytes, usedBytes: row.simUsedBytes },
      now,
    ),
  );
}

/**
 * What a list needs of the whole set a condition selects: its size, and for sets up to
 * `ORDERED_IDS_MAX` lifts their ids in the default order (uid, id), so that a page of the default
 * order reads only its own rows (docs/api.md#lift-list). Finding them scans every lift in scope
 * (an exact count of 100,000 lifts takes about 15 ms; a customer's few hundred lifts are a few
 * hundred index lookups), the bulk of a list request's cost. So this is shared by the requests that
 * ask for it until a second after it was read, and forgotten on every lift write of this process; another process's
 * writes show within that second (and the read's own duration). A page always reads its rows with the condition again, so a lift
 * that left the scope meanwhile is never listed.
 */
const SCOPE_REUSE_MS = 1000;
const SCOPE_MEMO_MAX_ENTRIES = 1000;
const ORDERED_IDS_MAX = 2000;
interface LiftScope {
  total: number;
  /** In the default order; null when the set is larger than `ORDERED_IDS_MAX`. */
  ids: string[] | null;
}
/** `readAt` is set when the answer arrives: a slow read (a loaded database) is reused a second after it, not never. */
type ScopeMemo = { scope: Promise<LiftScope>; readAt?: number; large?: boolean };
const scopeMemos = new WeakMap<Database, Map<string, ScopeMemo>>();

/** The scope's memo, and whether it is known to be too large for ids (so a page need not wait for it). */
function liftScope(db: Database, condition: SQL | undefined): { scope: Promise<LiftScope>; large: boolean } {
  const idsQuery = db
    .select({ id: lifts.id })
    .from(lifts)
    .where(condition)
    .orderBy(asc(lifts.uid), asc(lifts.id))
    .limit(ORDERED_IDS_MAX + 1);
  const { sql: text, params } = idsQuery.toSQL();
  const key = JSON.stringify([text, params]);
  const memo = scopeMemos.get(db) ?? new Map();
  scopeMemos.set(db, memo);
  const known = memo.get(key);
  if (known && (known.readAt === undefined || Date.now() - known.readAt < SCOPE_REUSE_MS)) {
    return { scope: known.scope, large: known.large === true };
  }

  if (memo.size >= SCOPE_MEMO_MAX_ENTRIES) memo.clear(); // searches make many keys
  const countAll = async (): Promise<LiftScope> => {
    const [row] = await db.select({ value: count() }).from(lifts).where(condition);
    return { total: row?.value ?? 0, ids: null };
  };
  // A set that was too large last time is counted straight away (an admin's 100,000 lifts).
  const scope = known?.large
    ? countAll()
    : idsQuery.then((rows) =>
        rows.length <= ORDERED_IDS_MAX ? { total: rows.length, ids: rows.map((row) => row.id) } : countAll(),
      );
  // Keeps the hint while the new read runs, so pages of a large set never wait for its count.
  const entry: ScopeMemo = { scope, large: known?.large };
  memo.set(key, entry);
  scope.then(
    (read) => {
      entry.readAt = Date.now();
      entry.large = read.ids === null && read.total > ORDERED_IDS_MAX;
    },
    () => memo.get(key) === entry && memo.delete(key),
  );
  return { scope, large: known?.large === true };
}

/** After any write that may change which lifts exist, who sees them, or their uids. */
export function forgetLiftScopes(db: Database): void {
  scopeMemos.get(db)?.clear();
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
  if (!ids) {
    const [rows, { total }] = await Promise.all([loadLifts(db, condition, page), scope]);
    return { lifts: rows, count: total };
  }
  const pageIds = ids.slice(page.offset, page.offset + page.limit);
  const rows = pageIds.length ? await loadLifts(db, and(inArray(lifts.id, pageIds), condition)) : [];
  return { lifts: rows, count: ids.length };
}

/** One lift by id, tombstoned or not, or null; combine with a scope condition through `loadLifts`. */
export async function loadLift(db: Database, id: string, condition?: SQL): Promise<Lift | null> {
  const [lift] = await loadLifts(db, condition ? and(eq(lifts.id, id), condition) : eq(lifts.id, id), {
    limit: 1,
  });
  return lift ?? null;
}
