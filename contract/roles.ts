/**
 * The role hierarchy, highest first. This module is the only place where server guards
 * and the browser ask whether a role may do something.
 */
export const ROLES = ['dev', 'admin', 'customer_admin', 'customer', 'service_man'] as const;
export type Role = (typeof ROLES)[number];

/** Roles offered when a user is created (spec §6); dev is never handed out. */
export const ASSIGNABLE_ROLES = ['admin', 'customer_admin', 'customer', 'service_man'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const RANK: Record<Role, number> = {
  dev: 5,
  admin: 4,
  customer_admin: 3,
  customer: 2,
  service_man: 1,
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A rule "X" is open to X and every higher role; a guest (no role) passes none. */
export function hasRole(role: Role | null | undefined, required: Role): boolean {
  return role != null && RANK[role] >= RANK[required];
}

/** Nobody may hand out a role above his own. */
export function canGrantRole(actor: Role, granted: Role): boolean {
  return granted !== 'dev' && RANK[actor] >= RANK[granted];
}

/**
 * Who may open a page: guests only, any signed-in user, anyone at all, or a role and above.
 */
export type Access = 'guest' | 'signedIn' | 'anyone' | Role;

export function canAccess(role: Role | null | undefined, access: Access): boolean {
  switch (access) {
    case 'anyone':
      return true;
    case 'guest':
      return role == null;
    case 'signedIn':
      return role != null;
    default:
      return hasRole(role, access);
  }
}
