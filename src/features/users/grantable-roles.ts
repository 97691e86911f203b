import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  canGrantRole,
  hasRole,
  type Role,
} from '../../../contract/roles';

/**
 * The roles `actor` may pick in the user form: never one above his own (canGrantRole), and below
 * admin only roles under his own (design §3: a customer admin invites customers and service men,
 * a customer service men). The server applies the same rule and refuses anything else.
 */
export function grantableRoles(actor: Role | null): AssignableRole[] {
  if (actor === null) return [];
  return ASSIGNABLE_ROLES.filter(
    (role) => canGrantRole(actor, role) && (hasRole(actor, 'admin') || role !== actor),
  );
}
