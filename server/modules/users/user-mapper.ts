import type { User } from '../../../contract/schemas/user';
import type { UserRow } from '../../db/schema/users';

/** The API view of a user row: every contract field, never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    phoneNumber: row.phoneNumber,
    status: row.status,
    role: row.role,
    settings: row.settings,
    shortcuts: row.shortcuts,
    avatarUrl: row.avatarUrl,
    contactPerson: row.contactPerson,
    companyId: row.companyId,
    name: row.name,
    address: row.address,
    additionalEmail: row.additionalEmail,
    invoiceEmail: row.invoiceEmail,
    referenceNumber: row.referenceNumber,
    notificationPreference: row.notificationPreference,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
