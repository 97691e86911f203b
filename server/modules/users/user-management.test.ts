import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import { type User, UserSchema } from '../../../contract/schemas/user';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { DEMO_COMPANY_ID } from '../../seed/demo-users';
import { createLiftFixtures, type LiftFixtures } from '../lifts/lift-fixtures';

// No SMTP_URL: invitations go to the outbox, which this file does not read (see email.test.ts).
let t: TestApp;
let fixtures: LiftFixtures;
beforeAll(async () => {
  t = await createTestApp();
  fixtures = await createLiftFixtures(t);
});
afterAll(() => t.close());

let counter = 0;
const uniqueEmail = () => `managed-${++counter}@example.com`;

const request = async (role: Role, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.authHeaders(role), ...(payload ? { payload } : {}) });

async function create(role: Role, fields: Record<string, unknown>) {
  return request(role, 'POST', '/api/users/register', {
    email: uniqueEmail(),
    displayName: 'Max Muster',
    ...fields,
  });
}

async function created(role: Role, fields: Record<string, unknown>): Promise<User> {
  const response = await create(role, fields);
  expect(response.statusCode).toBe(201);
  return v.parse(UserSchema, response.json());
}

describe('creating users', () => {
  it('invites a user with every field; the creator, status and lifts are set', async () => {
    const liftId = fixtures.own.id;
    const user = await created('admin', {
      role: 'customer',
      phoneNumber: '030123456',
      contactPerson: 'Erika Muster',
      companyId: 'XY-1',
      name: 'Muster GmbH',
      address: 'Musterweg 1, 12345 Musterstadt',
      additionalEmail: 'info@muster.example',
      invoiceEmail: 'rechnung@muster.example',
      referenceNumber: 'R-1',
      notificationPreference: 'sms',
      lifts: [liftId],
    });

    expect(user).toMatchObject({
      role: 'customer',
      status: 'invited',
      companyId: 'XY-1',
      name: 'Muster GmbH',
      notificationPreference: 'sms',
      createdBy: (await t.signInAs('admin')).user.id,
      lifts: [liftId],
    });
    const fetched = await request('admin', 'GET', `/api/user-app/user?id=${user.id}`);
    expect(fetched.json()).toEqual(user);
  });

  it('creates on the aliases POST /api/user-app/user/create and POST /api/users too', async () => {
    for (const url of ['/api/user-app/user/create', '/api/users']) {
      const response = await request('customer_admin', 'POST', url, {
        email: uniqueEmail(),
        displayName: 'Alias Nutzer',
        role: 'customer',
      });
      expect(response.statusCode).toBe(201);
      expect(v.parse(UserSchema, response.json())).toMatchObject({ status: 'invited', role: 'customer' });
    }
  });

  it('keeps a customer admin inside its company and lets a customer create only service men', async () => {
    const byCustomerAdmin = await created('customer_admin', { role: 'customer', companyId: 'OTHER' });
    const byCustomer = await created('customer', { role: 'service_man' });

    expect(byCustomerAdmin.companyId).toBe(DEMO_COMPANY_ID);
    expect(byCustomer).toMatchObject({ role: 'service_man', companyId: DEMO_COMPANY_ID });
    const customersList = (await request('customer', 'GET', '/api/users')).json();
    expect(customersList.users.map((user: User) => user.id)).toContain(byCustomer.id);
  });

  it.each([
    ['customer', 'admin'],
    ['customer', 'customer'],
    ['customer', 'customer_admin'],
    ['customer_admin', 'admin'],
    ['customer_admin', 'customer_admin'],
  ] as const)('refuses %s handing out the role %s with 403', async (actor, role) => {
    const response = await create(actor, { role });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MSG.forbidden });
  });

  it('refuses a service man, on the list and on create', async () => {
    const list = await request('service_man', 'GET', '/api/users');
    const options = await request('service_man', 'GET', '/api/users/options');
    const attempt = await create('service_man', { role: 'service_man' });

    expect([list.statusCode, options.statusCode, attempt.statusCode]).toEqual([403, 403, 403]);
  });

  it('answers field errors: duplicate email, missing role, bad email, lifts out of scope', async () => {
    const duplicate = await create('admin', { role: 'customer', email: 'Customer@demo.local' });
    const missing = await request('admin', 'POST', '/api/user-app/user/create', {
      email: 'not-an-email',
      displayName: '',
    });
    const foreignLift = await create('customer', { role: 'service_man', lifts: [fixtures.foreign.id] });

    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { email: MSG.emailTaken } });
    expect(missing.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { email: MSG.emailInvalid, displayName: MSG.nameRequired, role: MSG.roleRequired },
    });
    expect(foreignLift.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { lifts: MSG.liftNotFound },
    });
  });
});

describe('changing and deleting users', () => {
  it('updates on both paths and answers 409 with the current user for a stale baseVersion', async () => {
    const user = await created('customer_admin', { role: 'customer' });

    const put = await request('customer_admin', 'PUT', `/api/users/${user.id}`, {
      displayName: 'Neuer Name',
      baseVersion: 1,
    });
    const post = await request('customer_admin', 'POST', '/api/user-app/user/update', {
      id: user.id,
      address: 'Neue Straße 2',
    });
    const stale = await request('customer_admin', 'PUT', `/api/users/${user.id}`, {
      displayName: 'Zu spät',
      baseVersion: 1,
    });

    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ displayName: 'Neuer Name' });
    expect(post.json()).toMatchObject({ displayName: 'Neuer Name', address: 'Neue Straße 2' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: MSG.staleVersion,
      current: { id: user.id, displayName: 'Neuer Name' },
    });
  });

  it.each([
    ['customer_admin', 'customer', 'admin'],
    ['customer_admin', 'customer', 'customer_admin'],
    ['customer', 'service_man', 'customer'],
    ['admin', 'customer', 'dev'],
  ] as const)('refuses %s raising a %s to %s', async (actor, role, raised) => {
    const user = await created(actor, { role });

    const response = await request(actor, 'PUT', `/api/users/${user.id}`, { role: raised });

    // dev is no assignable role at all: refused by validation before any permission check.
    expect(response.statusCode).toBe(raised === 'dev' ? 400 : 403);
    const after = await request(actor, 'GET', `/api/users/${user.id}`);
    expect(after.json().role).toBe(role);
  });

  it('moves the lifts of a user whose role changed to his new role, where they can be removed', async () => {
    const liftId = fixtures.foreign.id;
    const user = await created('admin', { role: 'service_man', lifts: [liftId] });
    const liftUsers = async () => {
      const lift = (await request('admin', 'GET', `/api/lifts/${liftId}`)).json();
      return { customers: lift.customers as string[], servicemen: lift.servicemen as string[] };
    };

    const asCustomer = await request('admin', 'PUT', `/api/users/${user.id}`, { role: 'customer' });
    const afterRoleChange = await liftUsers();
    const unassigned = await request('admin', 'PUT', `/api/users/${user.id}`, { lifts: [] });
    const afterUnassign = await liftUsers();

    expect(asCustomer.json()).toMatchObject({ role: 'customer', lifts: [liftId] });
    expect(afterRoleChange.customers).toContain(user.id);
    expect(afterRoleChange.servicemen).not.toContain(user.id);
    expect(unassigned.json()).toMatchObject({ lifts: [] });
    expect([...afterUnassign.customers, ...afterUnassign.servicemen]).not.toContain(user.id);
  });

  it('refuses an admin changing its own role or deleting itself, and changing the dev', async () => {
    const admin = (await t.signInAs('admin')).user;
    const dev = (await t.signInAs('dev')).user;

    const ownRole = await request('admin', 'PUT', `/api/users/${admin.id}`, { role: 'customer' });
    const self = await request('admin', 'POST', '/api/users/deleteByIds', { ids: [admin.id] });
    const devChange = await request('admin', 'PUT', `/api/users/${dev.id}`, { displayName: 'Gehackt' });
    const devDelete = await request('admin', 'POST', '/api/users/deleteByIds', { ids: [dev.id] });

    expect(ownRole.json()).toEqual({ message: MSG.forbidden });
    expect(self.json()).toEqual({ message: MSG.forbidden });
    expect([ownRole.statusCode, self.statusCode, devChange.statusCode, devDelete.statusCode]).toEqual([
      403, 403, 403, 403,
    ]);
  });

  it.each(['customer_admin', 'customer'] as const)(
    'answers 404 to %s for get, update and delete of users outside its scope',
    async (actor) => {
      const outside = await created('admin', { role: actor === 'customer' ? 'customer' : 'customer_admin' });
      const otherCompany = await created('admin', { role: 'service_man', companyId: 'ELSEWHERE' });

      for (const user of [outside, otherCompany]) {
        const get = await request(actor, 'GET', `/api/users/${user.id}`);
        const put = await request(actor, 'PUT', `/api/users/${user.id}`, { displayName: 'Fremd' });
        const post = await request(actor, 'POST', '/api/user-app/user/update', {
          id: user.id,
          name: 'Fremd',
        });
        const remove = await request(actor, 'POST', '/api/user-app/remove-users', { ids: [user.id] });
        for (const response of [get, put, post, remove]) {
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ message: MSG.userNotFound });
        }
      }
      expect((await request('admin', 'GET', `/api/users/${outside.id}`)).json().displayName).toBe(
        'Max Muster',
      );
    },
  );

  it('deletes users in scope on both paths; a disabled user can no longer sign in', async () => {
    const first = await created('customer', { role: 'service_man' });
    const second = await created('customer', { role: 'service_man' });

    const deleted = await request('customer', 'POST', '/api/users/deleteByIds', { ids: [first.id] });
    const alias = await request('customer', 'POST', '/api/user-app/remove-users', { ids: [second.id] });
    const disabled = await request('admin', 'PUT', `/api/users/${(await t.signInAs('customer')).user.id}`, {
      status: 'disabled',
    });

    expect(deleted.json()).toEqual({ message: MSG.deleted, deleted: 1 });
    expect(alias.json()).toEqual({ message: MSG.deleted, deleted: 1 });
    expect((await request('admin', 'GET', `/api/users/${first.id}`)).statusCode).toBe(404);
    expect(disabled.json().status).toBe('disabled');
    expect((await request('customer', 'GET', '/api/users')).statusCode).toBe(401);
    await request('admin', 'PUT', `/api/users/${disabled.json().id}`, { status: 'active' });
  });
});

describe('GET /api/users/options', () => {
  it('maps the managed users to { id, value, label } from displayName', async () => {
    const response = await request('customer_admin', 'GET', '/api/users/options?role=customer');

    expect(response.statusCode).toBe(200);
    const customer = (await t.signInAs('customer')).user;
    expect(response.json()).toContainEqual({
      id: customer.id,
      value: customer.displayName,
      label: customer.displayName,
    });
    expect(
      response.json().every((option: { value: string; label: string }) => option.value === option.label),
    ).toBe(true);
  });
});
