import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { type Lift, simVolumeStatus } from '../../../contract/schemas/lift';
import type { Database } from '../../db/client';
import { type LiftRow, lifts, liftUsers, sims, users } from '../../db/schema';

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
  const now = Date.now();
  return rows.map((row) => {
    const mine = assignments.filter((entry) => entry.liftId === row.id);
    const assignedUsers = new Map<string, string>();
    for (const entry of mine) assignedUsers.set(entry.userId, entry.displayName);
    const current = row.activeErrors.at(-1) ?? null;
    const sim = (row.iccid && simByIccid.get(row.iccid)) || null;
    return {
      id: row.id,
      uid: row.uid,
      address: row.address,
      imei: row.imei,
      iccid: row.iccid,
      customers: mine.filter((entry) => entry.kind === 'customer').map((entry) => entry.userId),
      servicemen: mine.filter((entry) => entry.kind === 'serviceman').map((entry) => entry.userId),
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
      manufacturer: row.manufacturer,
      driveType: row.driveType,
      doorType: row.doorType,
      buildingType: row.buildingType,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

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

/** A page of lifts matching `condition` (for instance `liftScopeCondition(user)` and a search). */
export async function loadLifts(db: Database, condition: SQL | undefined, options: LoadLiftsOptions = {}) {
  let query = db
    .select()
    .from(lifts)
    .where(condition)
    .orderBy(...(options.orderBy ?? [asc(lifts.uid), asc(lifts.id)]))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  return toLifts(db, await query);
}

/**
 * An exact count scans every lift in scope (about 15 ms at 100,000 lifts), the bulk of a list
 * request's cost. So a count is shared by the requests that ask for it within a second, and
 * forgotten on every lift write of this process; another process's writes show within that second.
 */
const COUNT_REUSE_MS = 1000;
const COUNT_MEMO_MAX_ENTRIES = 1000;
const countMemos = new WeakMap<Database, Map<string, { total: Promise<number>; at: number }>>();

export function countLifts(db: Database, condition: SQL | undefined): Promise<number> {
  const query = db.select({ value: count() }).from(lifts).where(condition);
  const { sql: text, params } = query.toSQL();
  const key = JSON.stringify([text, params]);
  const memo = countMemos.get(db) ?? new Map();
  countMemos.set(db, memo);
  const now = Date.now();
  const known = memo.get(key);
  if (known && now - known.at < COUNT_REUSE_MS) return known.total;

  if (memo.size >= COUNT_MEMO_MAX_ENTRIES) memo.clear(); // searches make many keys
  const total = query.then(([row]) => row?.value ?? 0);
  memo.set(key, { total, at: now });
  total.catch(() => memo.delete(key));
  return total;
}

/** After any write that may change which lifts exist or who sees them. */
export function forgetLiftCounts(db: Database): void {
  countMemos.get(db)?.clear();
}

/** One lift by id, tombstoned or not, or null; combine with a scope condition through `loadLifts`. */
export async function loadLift(db: Database, id: string, condition?: SQL): Promise<Lift | null> {
  const [lift] = await loadLifts(db, condition ? and(eq(lifts.id, id), condition) : eq(lifts.id, id), {
    limit: 1,
  });
  return lift ?? null;
}
