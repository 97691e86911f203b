import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../contract/roles';

/** How a role is named on screen: the user list, the role choice, contacts and the user menu. */
export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  dev: msg`Developer`,
  admin: msg`Admin`,
  customer_admin: msg`Customer admin`,
  customer: msg`Customer`,
  service_man: msg`Service man`,
};
