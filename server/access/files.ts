import { hasRole } from '../../contract/roles';
import type { LiftFile } from '../../contract/schemas/file';
import type { ScopeUser } from './lifts';

/**
 * Who adds files to a lift he sees: admins, customer admins and the lift's service men; customers
 * read only (docs/access.md#lift-files). The lift's scope is checked besides.
 */
export const mayAddLiftFile = (user: ScopeUser) => user.role !== 'customer';

/** Who deletes a file of a lift he sees: staff, the customer admins, and whoever added it. */
export const mayDeleteLiftFile = (user: ScopeUser, file: Pick<LiftFile, 'addedBy'>) =>
  hasRole(user.role, 'customer_admin') || file.addedBy === user.id;
