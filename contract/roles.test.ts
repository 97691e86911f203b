import { describe, expect, it } from 'vitest';
import { canAccess, grantableRoles } from './roles';

describe('grantableRoles', () => {
  it('offers staff every role of docs/access.md#who-may-grant-which-role up to their own', () => {
    expect(grantableRoles('dev')).toEqual(['admin', 'customer_admin', 'customer', 'service_man']);
    expect(grantableRoles('admin')).toEqual(['admin', 'customer_admin', 'customer', 'service_man']);
  });

  it('offers customers only the roles below their own', () => {
    expect(grantableRoles('customer_admin')).toEqual(['customer', 'service_man']);
    expect(grantableRoles('customer')).toEqual(['service_man']);
  });

  it('offers a service man and a guest nothing', () => {
    expect(grantableRoles('service_man')).toEqual([]);
    expect(grantableRoles(null)).toEqual([]);
  });
});

describe('canAccess serviceWork', () => {
  it('opens to service men and staff, never to customers or guests', () => {
    const open = (['dev', 'admin', 'customer_admin', 'customer', 'service_man', null] as const).filter(
      (role) => canAccess(role, 'serviceWork'),
    );
    expect(open).toEqual(['dev', 'admin', 'service_man']);
  });
});
