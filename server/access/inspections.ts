import { hasRole } from '../../contract/roles';
import type { ScopeUser } from './lifts';

/**
 * Who marks a defect of a lift he sees as fixed: the lift's service men (seeing it means being
 * assigned) and admins; not customers nor customer admins, who are told about defects
 * (docs/inspections.md). The scope check (404) comes first.
 */
export const mayFixDefect = (user: ScopeUser) => user.role === 'service_man' || hasRole(user.role, 'admin');
