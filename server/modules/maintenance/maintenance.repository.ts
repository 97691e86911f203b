import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { berlinDay, type DueSubject } from '../../../contract/maintenance';
import type { MaintenanceVisit } from '../../../contract/schemas/maintenance';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import { lifts } from '../../db/schema/lifts';
import { maintenancePlans, maintenanceVisits } from '../../db/schema/maintenance';
import { users } from '../../db/schema/users';
import { toMaintenanceVisit } from './visit-mapper';

/** One lift with what its due day depends on (a `DueSubject` of contract/maintenance.ts). */
export interface LiftForDue extends DueSubject {
  id: string;
  address: string;
  /** The interval's key: the last visit's id, or `new` before the first visit. */
  cycle: string;
  servicemen: { id: string; displayName: string; email: string; language: string | null }[];
}

export type NewVisit = Pick<
  typeof maintenanceVisits.$inferInsert,
  'liftId' | 'visitedOn' | 'workDone' | 'notes' | 'photoUrls' | 'recordedBy'
>;

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Maintenance plans, visits and notices (docs/maintenance.md); lifts read through the user's scope. */
export function createMaintenanceRepository(db: Database) {
  return {
    /** Every live lift the user sees (or all, for the notice job), with plan, last visit and service men. */
    async liftsForDue(
      user: ScopeUser | 'all',
      liftId?: string,
      options: { servicemen?: boolean } = {},
    ): Promise<LiftForDue[]> {
      // A count (the dashboard's tile) needs no names.
      const servicemen =
        options.servicemen === false
          ? sql`'[]'::json`
          : sql`coalesce((select json_agg(json_build_object('id', u.id, 'displayName', u.display_name,
              'email', u.email, 'language', u.settings->>'language') order by u.display_name)
            from lift_users lu join users u on u.id = lu.user_id
            where lu.lift_id = lifts.id and lu.kind = 'serviceman' and u.status = 'active'), '[]')`;
      const scope = user === 'all' ? sql`lifts.deleted_at is null` : liftScopeCondition(user);
      const result = await db.execute(sql`
        select lifts.id::text as id, lifts.uid, lifts.address, lifts.trips::double precision as trips,
          lifts.operating_hours, lifts.created_at,
          p.every_trips, p.every_hours, p.every_months,
          v.id::text as visit_id, v.visited_on, v.trips::double precision as visit_trips,
          v.operating_hours as visit_hours,
          lifts.baseline_trips::double precision as first_trips,
          lifts.baseline_operating_hours as first_hours,
          ${servicemen} as servicemen
        from lifts
        left join maintenance_plans p on p.lift_id = lifts.id
        left join lateral (
          select id, visited_on, trips, operating_hours from maintenance_visits
          where lift_id = lifts.id and deleted_at is null
          order by visited_on desc, created_at desc limit 1
        ) v on true
        where ${scope}${liftId ? sql` and lifts.id = ${liftId}` : sql``}`);
      return rowsOf<Record<string, unknown>>(result).map((row) => ({
        id: String(row.id),
        uid: String(row.uid),
        address: String(row.address),
        stats: { trips: Number(row.trips), operatingHours: Number(row.operating_hours) },
        maintenance: {
          everyTrips: nullableNumber(row.every_trips),
          everyHours: nullableNumber(row.every_hours),
          everyMonths: nullableNumber(row.every_months),
          since: berlinDay(new Date(row.created_at as string)),
          baseline:
            row.first_trips === null || row.first_trips === undefined
              ? null
              : { trips: Number(row.first_trips), operatingHours: Number(row.first_hours) },
        },
        lastVisit:
          row.visit_id === null
            ? null
            : {
                visitedOn: String(row.visited_on),
                trips: Number(row.visit_trips),
                operatingHours: Number(row.visit_hours),
              },
        cycle: row.visit_id === null ? 'new' : String(row.visit_id),
        servicemen: (typeof row.servicemen === 'string'
          ? JSON.parse(row.servicemen)
          : row.servicemen) as LiftForDue['servicemen'],
      }));
    },

    async visits(liftId: string): Promise<MaintenanceVisit[]> {
      const rows = await db
        .select({ visit: maintenanceVisits, name: users.displayName })
        .from(maintenanceVisits)
        .leftJoin(users, eq(users.id, maintenanceVisits.recordedBy))
        .where(and(eq(maintenanceVisits.liftId, liftId), isNull(maintenanceVisits.deletedAt)))
        .orderBy(desc(maintenanceVisits.visitedOn), desc(maintenanceVisits.createdAt));
      return rows.map(({ visit, name }) => toMaintenanceVisit(visit, name));
    },

    /** Stores a visit with the lift's counters now: the next interval counts from them. */
    async insertVisit(values: NewVisit): Promise<MaintenanceVisit | undefined> {
      const row = await db.transaction(async (tx) => {
        const [lift] = await tx
          .select({ trips: lifts.trips, hours: lifts.operatingHours })
          .from(lifts)
          .where(eq(lifts.id, values.liftId));
        if (!lift) return undefined;
        const [inserted] = await tx
          .insert(maintenanceVisits)
          .values({ ...values, trips: lift.trips, operatingHours: lift.hours })
          .returning();
        // The lift's "maintenance due" state may end with the visit: the mirrors get the lift again.
        await tx.execute(sql`update lifts set sync_seq = sync_seq where id = ${values.liftId}`);
        return inserted;
      });
      if (!row) return undefined;
      const [recorder] = row.recordedBy
        ? await db.select({ name: users.displayName }).from(users).where(eq(users.id, row.recordedBy))
        : [];
      return toMaintenanceVisit(row, recorder?.name ?? null);
    },

    async setPlan(
      liftId: string,
      plan: { everyTrips: number | null; everyHours: number | null; everyMonths: number | null },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(maintenancePlans)
          .values({ liftId, ...plan })
          .onConflictDoUpdate({
            target: maintenancePlans.liftId,
            set: { ...plan, updatedAt: sql`now()` },
          });
        // The plan travels with the lift to the mirrors: a new sync position, the same version (like a
        // renamed user's lifts, migration 0005), so nobody's offline edit turns into a conflict.
        await tx.execute(sql`update lifts set sync_seq = sync_seq where id = ${liftId}`);
      });
    },

    /** The live lifts among `ids` the user sees, in the order asked. */
    async liftsByIds(
      ids: string[],
      user: ScopeUser,
    ): Promise<{ id: string; uid: string; address: string }[]> {
      const rows = await db
        .select({ id: lifts.id, uid: lifts.uid, address: lifts.address })
        .from(lifts)
        .where(and(inArray(lifts.id, ids), liftScopeCondition(user)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * Claims the notices not sent yet (one per lift, interval and service man); answers the ones
     * this call claimed, so that two processes never mail the same one.
     */
    async claimNotices(
      notices: { liftId: string; cycle: string; userId: string; dueOn: string }[],
    ): Promise<Set<string>> {
      if (notices.length === 0) return new Set();
      const result = await db.execute(sql`
        insert into maintenance_notices (lift_id, cycle, user_id, due_on)
        select lift_id, cycle, user_id, due_on
        from jsonb_to_recordset(${JSON.stringify(
          notices.map((n) => ({ lift_id: n.liftId, cycle: n.cycle, user_id: n.userId, due_on: n.dueOn })),
        )}::jsonb) as r(lift_id uuid, cycle text, user_id uuid, due_on text)
        on conflict do nothing
        returning lift_id::text, cycle, user_id::text`);
      return new Set(
        rowsOf<{ lift_id: string; cycle: string; user_id: string }>(result).map(
          (row) => `${row.lift_id}|${row.cycle}|${row.user_id}`,
        ),
      );
    },
  };
}
