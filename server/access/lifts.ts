import { and, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/results';
import { lifts } from '../db/schema/lifts';
import type { UserRow } from '../db/schema/users';

/** The part of a signed-in user the data scope depends on. */
export type ScopeUser = Pick<UserRow, 'id' | 'role' | 'companyId'>;

/**
 * docs/access.md data scope as a condition on `lifts` for the signed-in user, tombstones always excluded:
 * dev and admin see all lifts; a customer_admin the lifts with a customer of its (non-null) company;
 * a customer the lifts listing it among their customers; a service man those listing it among their
 * service men.
 */
export function liftScopeCondition(user: ScopeUser): SQL {
  return and(isNull(lifts.deletedAt), liftAudienceCondition(user)) as SQL;
}

/**
 * The assignment part of `liftScopeCondition`, tombstoned lifts included: whether the user would
 * see the lift if it were alive. Sync tells only this audience about a lift's deletion.
 */
export function liftAudienceCondition(user: ScopeUser): SQL {
  switch (user.role) {
    case 'dev':
    case 'admin':
      return sql`true`;
    case 'customer_admin':
      if (!user.companyId) return sql`false`;
      return sql`exists (select 1 from lift_users lu join users u on u.id = lu.user_id
          where lu.lift_id = ${lifts.id} and lu.kind = 'customer' and u.company_id = ${user.companyId})`;
    case 'customer':
      return sql`exists (select 1 from lift_users lu
          where lu.lift_id = ${lifts.id} and lu.kind = 'customer' and lu.user_id = ${user.id})`;
    case 'service_man':
      return sql`exists (select 1 from lift_users lu
          where lu.lift_id = ${lifts.id} and lu.kind = 'serviceman' and lu.user_id = ${user.id})`;
    default:
      return sql`false`;
  }
}

/**
 * Per lift, the non-staff users who see it: its customers and service men, and the customer
 * admins of those customers' companies (docs/access.md). Staff see every lift through their own room.
 * One query for a whole batch of lifts, as the live updates need it.
 */
export async function userIdsWhoSeeLifts(
  db: Database,
  liftIds: readonly string[],
): Promise<Map<string, string[]>> {
  const seers = new Map<string, string[]>(liftIds.map((id) => [id, []]));
  if (liftIds.length === 0) return seers;
  const ids = sql`array[${sql.join(
    liftIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const result = await db.execute<{ lift_id: string; user_id: string }>(sql`
    select lu.lift_id, lu.user_id from lift_users lu join lifts l on l.id = lu.lift_id
      where lu.lift_id = any(${ids}) and l.deleted_at is null
    union
    select lu.lift_id, ca.id from lift_users lu
      join lifts l on l.id = lu.lift_id
      join users c on c.id = lu.user_id
      join users ca on ca.company_id = c.company_id and ca.role = 'customer_admin'
      where lu.lift_id = any(${ids}) and lu.kind = 'customer' and l.deleted_at is null
        and c.company_id is not null`);
  for (const row of rowsOf<{ lift_id: string; user_id: string }>(result))
    seers.get(row.lift_id)?.push(row.user_id);
  return seers;
}
