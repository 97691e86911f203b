import { eq, type SQL, sql } from 'drizzle-orm';
import { projects } from '../db/schema/projects';
import { users } from '../db/schema/users';
import type { ScopeUser } from './lifts';

/**
 * Who sees which project (docs/projects.md#who-sees-what): admins and devs all, a customer his
 * own, a customer admin his company's; anyone else none.
 */
export function projectScopeCondition(user: ScopeUser): SQL {
  if (user.role === 'admin' || user.role === 'dev') return sql`true`;
  if (user.role === 'customer') return eq(projects.userId, user.id);
  if (user.role === 'customer_admin') {
    if (!user.companyId) return eq(projects.userId, user.id);
    return sql`(${projects.userId} = ${user.id} or ${projects.userId} in (select ${users.id} from ${users} where ${users.companyId} = ${user.companyId}))`;
  }
  return sql`false`;
}
