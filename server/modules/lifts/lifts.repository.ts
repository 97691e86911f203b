import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ilike, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { MSG, type ServerMessage } from '../../../contract/messages';
import type { LiftParameters } from '../../../contract/parameters';
import type { Database } from '../../db/client';
import { type LiftUserKind, lifts, liftUsers, users } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';

/** A fresh controller key (32 random bytes, base64url) and the SHA-256 hex that is stored. */
export function newDeviceKey(): { deviceKey: string; hash: string } {
  const deviceKey = randomBytes(32).toString('base64url');
  return { deviceKey, hash: hashDeviceKey(deviceKey) };
}

export const hashDeviceKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A list's `search` over a lift: its id, address, IMEI and ICCID. */
export function liftSearchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(lifts.uid, pattern),
    ilike(lifts.address, pattern),
    ilike(lifts.imei, pattern),
    ilike(lifts.iccid, pattern),
  );
}

/** PostgreSQL's unique_violation, whichever driver or wrapper raised it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Field errors for customers that are not customers and service men that are not service men. */
export async function checkAssignments(
  db: Database,
  customers: readonly string[] | undefined,
  servicemen: readonly string[] | undefined,
): Promise<Record<string, ServerMessage>> {
  const ids = [...new Set([...(customers ?? []), ...(servicemen ?? [])])];
  if (ids.length === 0) return {};
  const rows = await db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids));
  const roleOf = new Map(rows.map((row) => [row.id, row.role]));
  const errors: Record<string, ServerMessage> = {};
  if (customers?.some((id) => !['customer', 'customer_admin'].includes(roleOf.get(id) ?? ''))) {
    errors.customers = MSG.notACustomer;
  }
  if (servicemen?.some((id) => roleOf.get(id) !== 'service_man')) errors.servicemen = MSG.notAServiceman;
  return errors;
}

/** Field errors for a uid or IMEI another live lift already has. */
export async function checkDuplicates(
  db: Database,
  fields: { uid?: string | undefined; imei?: string | undefined },
  exceptId?: string,
): Promise<Record<string, ServerMessage>> {
  const errors: Record<string, ServerMessage> = {};
  const others = (condition: SQL) =>
    db
      .select({ id: lifts.id })
      .from(lifts)
      .where(and(condition, isNull(lifts.deletedAt), exceptId ? ne(lifts.id, exceptId) : undefined))
      .limit(1);
  if (fields.uid !== undefined && (await others(eq(lifts.uid, fields.uid))).length)
    errors.uid = MSG.duplicateUid;
  if (fields.imei !== undefined && (await others(eq(lifts.imei, fields.imei))).length) {
    errors.imei = MSG.duplicateImei;
  }
  return errors;
}

export async function replaceAssignments(
  db: Database,
  liftId: string,
  kind: LiftUserKind,
  userIds: readonly string[],
) {
  // Only the difference is written: each row deleted or inserted records an access change for sync.
  const unique = [...new Set(userIds)];
  await db
    .delete(liftUsers)
    .where(
      and(
        eq(liftUsers.liftId, liftId),
        eq(liftUsers.kind, kind),
        unique.length ? notInArray(liftUsers.userId, unique) : undefined,
      ),
    );
  if (unique.length) {
    await db
      .insert(liftUsers)
      .values(unique.map((userId) => ({ liftId, userId, kind })))
      .onConflictDoNothing();
  }
}

export interface LiftChanges {
  uid?: string | undefined;
  address?: string | undefined;
  imei?: string | undefined;
  iccid?: string | null | undefined;
  maxTrips?: number | undefined;
  maxOperatingHours?: number | undefined;
  parameters?: LiftParameters | undefined;
}

/**
 * Applies changes to a live lift, version + 1; with `baseVersion` only when the row is still at it.
 * Answers the new version, or null when the lift is gone or was changed in the meantime.
 */
export async function updateLiftRow(
  db: Database,
  id: string,
  changes: LiftChanges,
  baseVersion?: number,
): Promise<number | null> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [row] = await db
    .update(lifts)
    .set({ ...set, version: sql`${lifts.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(lifts.id, id),
        isNull(lifts.deletedAt),
        baseVersion !== undefined ? eq(lifts.version, baseVersion) : undefined,
      ),
    )
    .returning({ version: lifts.version });
  return row?.version ?? null;
}
