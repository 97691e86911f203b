import { hasRole, type Role } from '../../../contract/roles';
import { sessionRole, useSession } from './session';

/** Whether the signed-in user has `role` or a higher one; follows session changes. */
export function useHasRole(role: Role): boolean {
  return hasRole(sessionRole(useSession()), role);
}
