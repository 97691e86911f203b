/**
 * The role hierarchy, highest first. This module is the only place where server guards
 * and the browser ask whether a role may do something.
 */
export const ROLES = ['dev', 'admin', 'customer_admin', 'customer', 'service_man'] as const;
export type Role = (typeof ROLES)[number];

/** Roles offered when a user is created (docs/access.md#who-may-grant-which-role); dev is never handed out. */
export const ASSIGNABLE_ROLES = ['admin', 'customer_admin', 'customer', 'service_man'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const RANK: Record<Role, number> = {
  dev: 5,
  admin: 4,
  customer_admin: 3,
  customer: 2,
  service_man: 1,
};

/** A rule "X" is open to X and every higher role; a guest (no role) passes none. */
export function hasRole(role: Role | null | undefined, required: Role): boolean {
  return role != null && RANK[role] >= RANK[required];
}

/** Nobody may hand out a role above his own. */
export function canGrantRole(actor: Role, granted: Role): boolean {
  return granted !== 'dev' && RANK[actor] >= RANK[granted];
}

/**
 * The roles `actor` may hand out when creating or editing users: never one above his own
 * (canGrantRole), and below admin only the roles under his own that docs/access.md lets him manage
 * (a customer admin invites customers and service men, a customer service men). The user form
 * offers exactly these and the server refuses anything else.
 */
export function grantableRoles(actor: Role | null | undefined): AssignableRole[] {
  if (actor == null) return [];
  return ASSIGNABLE_ROLES.filter(
    (role) => canGrantRole(actor, role) && (hasRole(actor, 'admin') || RANK[role] < RANK[actor]),
  );
}

/**
 * Who may open a page: guests only, any signed-in user, anyone at all, a role and above, or
 * `serviceWork`: service men and staff, not customers (the service man's Today page, docs/today.md).
 */
export type Access = 'guest' | 'signedIn' | 'anyone' | 'serviceWork' | Role;

export function canAccess(role: Role | null | undefined, access: Access): boolean {
  switch (access) {
    case 'anyone':
      return true;
    case 'guest':
      return role == null;
    case 'signedIn':
      return role != null;
    case 'serviceWork':
      return role === 'service_man' || hasRole(role, 'admin');
    default:
      return hasRole(role, access);
  }
}
