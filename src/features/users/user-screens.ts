import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../../contract/roles';

/**
 * The users screens serve two menus (docs/spec-texts.md#menu-and-screens): Customers (admin, every user) and Serviceman
 * (customer and above, role fixed to service_man).
 */
export interface UserScreen {
  kind: 'customers' | 'servicemen';
  title: MessageDescriptor;
  /** The one role this screen lists and creates; none for the admin's full list. */
  fixedRole?: Role;
  listPath: '/apps/users/users' | '/apps/servicers/servicers';
  editPath: '/apps/users/user/{-$id}' | '/apps/servicemen/serviceman/{-$id}';
}

export const CUSTOMERS_SCREEN: UserScreen = {
  kind: 'customers',
  // Every role is listed here: the heading says so, as the menu entry does (src/app/navigation.ts).
  title: msg`Users`,
  listPath: '/apps/users/users',
  editPath: '/apps/users/user/{-$id}',
};

export const SERVICEMEN_SCREEN: UserScreen = {
  kind: 'servicemen',
  title: msg`Service men`,
  fixedRole: 'service_man',
  listPath: '/apps/servicers/servicers',
  editPath: '/apps/servicemen/serviceman/{-$id}',
};
