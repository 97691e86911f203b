import { createHash, randomBytes } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DeviceRange } from '../../../contract/constants';
import { MSG, type ServerMessage } from '../../../contract/messages';
import type { LiftParameters } from '../../../contract/parameters';
import type { ListQuery } from '../../../contract/schemas/common';
import type { DashboardSummary } from '../../../contract/schemas/dashboard';
import { LIFT_BASE_FIELDS, type LiftBaseField, type LiftInput } from '../../../contract/schemas/lift';
import { DAY_MS } from '../../../contract/time';
import type { Database } from '../../db/client';
import { baseEntries } from '../../db/schema/base-data';
import { type LiftUserKind, lifts, liftUsers } from '../../db/schema/lifts';
import { messages } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import { likePattern } from '../../lib/like-pattern';
import { orderBySort } from '../../lib/sort';
import { LIFT_SORT_COLUMNS, loadLifts, pageOfLiftsAnswer } from './lift-view';

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

export interface LiftChanges {
  uid?: string | undefined;
  address?: string | undefined;
  imei?: string | undefined;
  iccid?: string | null | undefined;
  maxTrips?: number | undefined;
  maxOperatingHours?: number | undefined;
  parameters?: LiftParameters | undefined;
  manufacturer?: string | null | undefined;
  driveType?: string | null | undefined;
  doorType?: string | null | undefined;
  buildingType?: string | null | undefined;
}

/** Lifts that list `userId` among their customers or service men. */
const assignedToUserCondition = (userId: string): SQL =>
  sql`exists (select 1 from ${liftUsers} where ${liftUsers.liftId} = ${lifts.id} and ${liftUsers.userId} = ${userId})`;

/** The time window of a dashboard range, in UTC days. */
export function rangeBounds(range: DeviceRange, now = new Date()): { from: Date; to: Date } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  switch (range) {
    case 'today':
      return { from: today, to: now };
    case 'yesterday':
      return { from: new Date(today.getTime() - DAY_MS), to: today };
    case 'last7Days':
      return { from: new Date(now.getTime() - 7 * DAY_MS), to: now };
    case 'last28Days':
      return { from: new Date(now.getTime() - 28 * DAY_MS), to: now };
    case 'last90Days':
      return { from: new Date(now.getTime() - 90 * DAY_MS), to: now };
  }
}

const inErrorSql = sql`jsonb_array_length(${lifts.activeErrors}) > 0`;

/** Lifts, their assignments and controller keys, and the landing page's figures over them. */
export function createLiftsRepository(db: Database) {
  return {
    /** Field errors for customers that are not customers and service men that are not service men. */
    async checkAssignments(
      customers: readonly string[] | undefined,
      servicemen: readonly string[] | undefined,
    ): Promise<Record<string, ServerMessage>> {
      const ids = [...new Set([...(customers ?? []), ...(servicemen ?? [])])];
      if (ids.length === 0) return {};
      const rows = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(inArray(users.id, ids));
      const roleOf = new Map(rows.map((row) => [row.id, row.role]));
      const errors: Record<string, ServerMessage> = {};
      if (customers?.some((id) => !['customer', 'customer_admin'].includes(roleOf.get(id) ?? ''))) {
        errors.customers = MSG.notACustomer;
      }
      if (servicemen?.some((id) => roleOf.get(id) !== 'service_man')) errors.servicemen = MSG.notAServiceman;
      return errors;
    },

    /** Field errors for a uid or IMEI another live lift already has. */
    async checkDuplicates(
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
    },

    async replaceAssignments(liftId: string, kind: LiftUserKind, userIds: readonly string[]): Promise<void> {
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
    },

    /**
     * Applies changes to a live lift, version + 1; with `baseVersion` only when the row is still at it.
     * Answers the new version, or null when the lift is gone or was changed in the meantime.
     */
    async updateRow(id: string, changes: LiftChanges, baseVersion?: number): Promise<number | null> {
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
    },

    /**
     * Field errors for base keys (LIFT_BASE_FIELDS) that are no live, active entry of their category.
     * A key the lift already has stays valid after its entry was deactivated (docs/base-data.md).
     */
    async checkBaseKeys(
      fields: Partial<Record<LiftBaseField, string | null | undefined>>,
      current?: Partial<Record<LiftBaseField, string | null>>,
    ): Promise<Record<string, ServerMessage>> {
      const wanted = (Object.keys(LIFT_BASE_FIELDS) as LiftBaseField[]).filter((field) => {
        const key = fields[field];
        return typeof key === 'string' && key !== current?.[field];
      });
      if (wanted.length === 0) return {};
      const rows = await db
        .select({ category: baseEntries.category, key: baseEntries.key })
        .from(baseEntries)
        .where(
          and(
            inArray(
              baseEntries.category,
              wanted.map((field) => LIFT_BASE_FIELDS[field]),
            ),
            inArray(
              baseEntries.key,
              wanted.map((field) => fields[field] as string),
            ),
            eq(baseEntries.active, true),
            isNull(baseEntries.deletedAt),
          ),
        );
      const known = new Set(rows.map((row) => `${row.category}/${row.key}`));
      const errors: Record<string, ServerMessage> = {};
      for (const field of wanted) {
        if (!known.has(`${LIFT_BASE_FIELDS[field]}/${fields[field]}`)) errors[field] = MSG.invalidValue;
      }
      return errors;
    },

    /**
     * A page of the lifts within `scope`: narrowed by the list's `search` and, with `assignedTo`, to
     * the lifts of that user; sorted by `sort`, then by id (docs/api.md#lists). Answers the JSON text
     * of `{ lifts, count }`, with `shared` the same text for the requests for the same page within a
     * second (`pageOfLiftsAnswer`).
     */
    list(
      scope: SQL,
      query: Pick<ListQuery, 'page' | 'pageSize' | 'sort' | 'search'>,
      shared: boolean,
      assignedTo?: string,
    ): Promise<string> {
      const condition = and(
        scope,
        assignedTo === undefined ? undefined : assignedToUserCondition(assignedTo),
        liftSearchCondition(query.search),
      );
      return pageOfLiftsAnswer(
        db,
        condition,
        {
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
          orderBy: orderBySort(query.sort, LIFT_SORT_COLUMNS, lifts.id),
        },
        shared,
      );
    },

    /** Inserts a lift with its assignments in one transaction; answers its id. */
    async insert(input: LiftInput, deviceKeyHash: string): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(lifts)
          .values({
            uid: input.uid,
            address: input.address,
            imei: input.imei,
            iccid: input.iccid,
            maxTrips: input.maxTrips,
            maxOperatingHours: input.maxOperatingHours,
            parameters: input.parameters,
            manufacturer: input.manufacturer,
            driveType: input.driveType,
            doorType: input.doorType,
            buildingType: input.buildingType,
            deviceKeyHash,
          })
          .returning({ id: lifts.id });
        if (!row) throw new Error('insert into lifts returned no row');
        const repository = createLiftsRepository(tx);
        await repository.replaceAssignments(row.id, 'customer', input.customers);
        await repository.replaceAssignments(row.id, 'serviceman', input.servicemen);
        return row.id;
      });
    },

    /**
     * Changes a lift and, when given, its assignments in one transaction; answers the new version, or
     * null when the lift is gone or no longer at `baseVersion`.
     */
    async update(
      id: string,
      changes: LiftChanges,
      assignments: { customers?: readonly string[] | undefined; servicemen?: readonly string[] | undefined },
      baseVersion?: number,
    ): Promise<number | null> {
      return db.transaction(async (tx) => {
        const repository = createLiftsRepository(tx);
        const version = await repository.updateRow(id, changes, baseVersion);
        if (version === null) return null;
        if (assignments.customers) await repository.replaceAssignments(id, 'customer', assignments.customers);
        if (assignments.servicemen) {
          await repository.replaceAssignments(id, 'serviceman', assignments.servicemen);
        }
        return version;
      });
    },

    /** Makes the lifts of `ids` within `scope` tombstones; answers the ones it removed. */
    tombstone(ids: readonly string[], scope: SQL) {
      return db
        .update(lifts)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${lifts.version} + 1` })
        .where(and(inArray(lifts.id, [...ids]), scope))
        .returning({ id: lifts.id, imei: lifts.imei });
    },

    /** Stores a new controller key hash on a lift within `scope`; null when there is no such lift. */
    async setDeviceKeyHash(id: string, scope: SQL, hash: string) {
      const [row] = await db
        .update(lifts)
        .set({ deviceKeyHash: hash })
        .where(and(eq(lifts.id, id), scope))
        .returning({ id: lifts.id, imei: lifts.imei });
      return row ?? null;
    },

    /** A live lift's id and IMEI, whoever sees it (admin tools); null when it is missing or deleted. */
    async findLive(id: string) {
      const [lift] = await db
        .select({ id: lifts.id, imei: lifts.imei })
        .from(lifts)
        .where(and(eq(lifts.id, id), isNull(lifts.deletedAt)))
        .limit(1);
      return lift ?? null;
    },

    /** Saves the parameters in force on a lift (version + 1). */
    async saveParameters(id: string, parameters: LiftParameters): Promise<void> {
      await db
        .update(lifts)
        .set({ parameters, version: sql`${lifts.version} + 1`, updatedAt: sql`now()` })
        .where(eq(lifts.id, id));
    },

    /**
     * The landing page's figures over the lifts of `scope` in `range`, and the lifts that need
     * attention: in error, due for maintenance (`dueLiftIds`, by contract/maintenance.ts) or offline.
     */
    async summary(scope: SQL, range: DeviceRange, dueLiftIds: readonly string[]): Promise<DashboardSummary> {
      const { from, to } = rangeBounds(range);
      const dueSql = dueLiftIds.length ? inArray(lifts.id, [...dueLiftIds]) : undefined;
      const inRange = and(
        eq(messages.liftId, lifts.id),
        isNull(messages.deletedAt),
        gte(messages.at, from),
        lt(messages.at, to),
      );
      const perLift = db
        .select({ ridden: sql<number>`max(${messages.trips}) - min(${messages.trips})`.as('ridden') })
        .from(messages)
        .innerJoin(lifts, eq(lifts.id, messages.liftId))
        .where(and(scope, inRange, eq(messages.kind, 'stats')))
        .groupBy(messages.liftId)
        .as('per_lift');
      const [[counts], [trips], [raised], attention] = await Promise.all([
        db
          .select({
            total: count(),
            online: sql<number>`count(*) filter (where ${lifts.online})`.mapWith(Number),
            inError: sql<number>`count(*) filter (where ${inErrorSql})`.mapWith(Number),
          })
          .from(lifts)
          .where(scope),
        db.select({ value: sql<number>`coalesce(sum(${perLift.ridden}), 0)`.mapWith(Number) }).from(perLift),
        db
          .select({ value: count() })
          .from(messages)
          .innerJoin(lifts, eq(lifts.id, messages.liftId))
          .where(and(scope, inRange, eq(messages.kind, 'error'), eq(messages.active, true))),
        loadLifts(db, and(scope, or(inErrorSql, dueSql, eq(lifts.online, false))), {
          limit: 10,
          orderBy: [
            desc(inErrorSql),
            ...(dueSql ? [desc(dueSql)] : []),
            asc(lifts.online),
            asc(lifts.uid),
            asc(lifts.id),
          ],
        }),
      ]);
      const total = counts?.total ?? 0;
      const online = counts?.online ?? 0;
      return {
        range,
        counts: {
          total,
          online,
          offline: total - online,
          inError: counts?.inError ?? 0,
          maintenanceDue: dueLiftIds.length,
        },
        trips: trips?.value ?? 0,
        errors: raised?.value ?? 0,
        attention,
      };
    },
  };
}
