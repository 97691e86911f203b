import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { grantableRoles, hasRole, type Role } from '../../contract/roles';
import { users } from '../db/schema/users';
import type { ScopeUser } from './lifts';

/**
 * docs/access.md: the users `actor` manages, as a condition on `users` (undefined: all of them).
 * dev and admin manage everyone; a customer admin the customers and service men of its own
 * (non-null) company; a customer the service men it created; a service man nobody.
 */
export function manageableUsersCondition(actor: ScopeUser): SQL | undefined {
  switch (actor.role) {
    case 'dev':
    case 'admin':
      return undefined;
    case 'customer_admin':
      if (!actor.companyId) return sql`false`;
      return and(eq(users.companyId, actor.companyId), inArray(users.role, ['customer', 'service_man']));
    case 'customer':
      return and(eq(users.createdBy, actor.id), eq(users.role, 'service_man'));
    default:
      return sql`false`;
  }
}

export const mayGrant = (actor: Role, role: Role) => (grantableRoles(actor) as Role[]).includes(role);

/** An admin sees a dev in the list, but changes or deletes only users at or below its own role. */
export const mayChange = (actor: Role, target: Role) => hasRole(actor, target);
