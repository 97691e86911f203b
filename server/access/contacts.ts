import { and, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';

/** The signed-in user and the other person, as two aliases of `users` in one query. */
export const me = alias(users, 'me');
export const partner = alias(users, 'partner');

/**
 * Who may talk to whom (docs/access.md scope, symmetric): a pair is allowed when either one is staff
 * (dev or admin), or both belong to the same company, or one created the other, or they share a
 * lift as its customer and its service man. Both must be active and be two people.
 * This is the one rule behind every chat endpoint and socket event; it reads `me` and `partner`.
 */
export function chatPairCondition(): SQL {
  const [a, b] = [me, partner];
  return and(
    ne(a.id, b.id),
    eq(a.status, 'active'),
    eq(b.status, 'active'),
    or(
      inArray(a.role, ['dev', 'admin']),
      inArray(b.role, ['dev', 'admin']),
      and(isNotNull(a.companyId), eq(a.companyId, b.companyId)),
      eq(a.createdBy, b.id),
      eq(b.createdBy, a.id),
      sql`exists (select 1 from lift_users x
        join lift_users y on y.lift_id = x.lift_id
        join lifts l on l.id = x.lift_id and l.deleted_at is null
        where x.user_id = ${a.id} and y.user_id = ${b.id}
          and ((x.kind = 'customer' and y.kind = 'serviceman')
            or (x.kind = 'serviceman' and y.kind = 'customer')))`,
    ),
  ) as SQL;
}

/** Whether `userId` may talk to `contactId` now (read from the database, so role changes count at once). */
export async function mayTalk(db: Database, userId: string, contactId: string): Promise<boolean> {
  const rows = await db
    .select({ id: partner.id })
    .from(me)
    .innerJoin(partner, eq(partner.id, contactId))
    .where(and(eq(me.id, userId), chatPairCondition()))
    .limit(1);
  return rows.length > 0;
}

/**
 * For each of `viewerIds`, which of `candidateIds` he may see (the chat rule above, which is also
 * the rule for who sees whom online). One query for the whole batch.
 */
export async function visibleAmong(
  db: Database,
  viewerIds: readonly string[],
  candidateIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const visible = new Map<string, Set<string>>(viewerIds.map((id) => [id, new Set<string>()]));
  if (viewerIds.length === 0 || candidateIds.length === 0) return visible;
  const rows = await db
    .select({ viewer: me.id, seen: partner.id })
    .from(me)
    .innerJoin(partner, inArray(partner.id, [...candidateIds]))
    .where(and(inArray(me.id, [...viewerIds]), chatPairCondition()));
  for (const row of rows) visible.get(row.viewer)?.add(row.seen);
  return visible;
}
