import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import { ROLES, type Role } from '../../../contract/roles';
import { UserListResponseSchema, UserSchema } from '../../../contract/schemas/user';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../../tests/server/helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string, role?: Role) =>
  t.app.inject({ method: 'GET', url, headers: role ? await t.authHeaders(role) : {} });

const ALLOWED: Role[] = ['dev', 'admin'];
/** Service men manage nobody (docs/access.md); customers and customer admins get their own scope. */
const REFUSED: Role[] = ['service_man'];

describe('GET /api/users and GET /api/user-app/users', () => {
  it.each(ALLOWED)('lists all users for %s, the same on both paths', async (role) => {
    const canonical = await get('/api/users', role);
    const alias = await get('/api/user-app/users', role);

    expect(canonical.statusCode).toBe(200);
    const body = v.parse(UserListResponseSchema, canonical.json());
    expect(body.count).toBe(ROLES.length);
    expect(body.users.map((user) => user.email).sort()).toEqual(Object.values(DEMO_EMAILS).sort());
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(canonical.json());
    expect(canonical.body).not.toMatch(/argon2|passwordHash/);
  });

  it.each(REFUSED)('refuses %s with 403 on both paths', async (role) => {
    for (const url of ['/api/users', '/api/user-app/users']) {
      const response = await get(url, role);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MSG.forbidden });
    }
  });

  it.each([
    ['customer_admin', [DEMO_EMAILS.customer]],
    ['customer', [DEMO_EMAILS.service_man]],
  ] as const)('lists only the users %s manages', async (role, emails) => {
    for (const url of ['/api/users', '/api/user-app/users']) {
      const body = v.parse(UserListResponseSchema, (await get(url, role)).json());
      expect(body.users.map((user) => user.email)).toEqual(emails);
      expect(body.count).toBe(emails.length);
    }
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/api/users', '/api/user-app/users']) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MSG.invalidToken });
    }
  });

  it('pages and counts', async () => {
    const first = v.parse(
      UserListResponseSchema,
      (await get('/api/users?page=1&pageSize=2', 'admin')).json(),
    );
    const third = v.parse(
      UserListResponseSchema,
      (await get('/api/users?page=3&pageSize=2', 'admin')).json(),
    );

    expect(first.count).toBe(5);
    expect(first.users).toHaveLength(2);
    expect(third.users).toHaveLength(1);
  });

  it('searches email, display name and company name, case-insensitively', async () => {
    const byEmail = (await get('/api/users?search=SERVICE@', 'admin')).json();
    const byDisplayName = (await get('/api/users?search=dana', 'admin')).json();
    const byCompany = (
      await get(`/api/users?search=${encodeURIComponent('aufzugsbetrieb')}`, 'admin')
    ).json();
    const wildcard = (await get('/api/users?search=%25', 'admin')).json();

    expect(byEmail.users.map((user: { email: string }) => user.email)).toEqual([DEMO_EMAILS.service_man]);
    expect(byDisplayName.users.map((user: { email: string }) => user.email)).toEqual([DEMO_EMAILS.dev]);
    expect(byCompany.count).toBe(2);
    expect(wildcard.count).toBe(0);
  });

  it('sorts by a known field, descending with a leading minus', async () => {
    const response = await get('/api/users?sort=-email', 'admin');
    const emails = response.json().users.map((user: { email: string }) => user.email);

    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('rejects bad list parameters with field errors', async () => {
    const response = await get('/api/users?page=0&pageSize=500&sort=password_hash', 'admin');
    const unknownSort = await get('/api/users?sort=passwordHash', 'admin');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { page: MSG.invalidValue, pageSize: MSG.invalidValue },
    });
    expect(unknownSort.statusCode).toBe(400);
    expect(unknownSort.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { sort: MSG.invalidValue },
    });
  });
});

describe('GET /api/users/:id and GET /api/user-app/user?id=', () => {
  it.each(ALLOWED)('answers one user for %s, the same on both paths', async (role) => {
    const { user } = await t.signInAs('customer');

    const canonical = await get(`/api/users/${user.id}`, role);
    const alias = await get(`/api/user-app/user?id=${user.id}`, role);

    expect(canonical.statusCode).toBe(200);
    expect(v.parse(UserSchema, canonical.json())).toEqual({ ...user, lifts: expect.any(Array) });
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(canonical.json());
  });

  it.each(['customer_admin', 'customer'] as const)(
    'answers 404 to %s for users outside its scope, itself included',
    async (role) => {
      for (const other of [role, 'admin', 'dev'] as const) {
        const { user } = await t.signInAs(other);
        for (const url of [`/api/users/${user.id}`, `/api/user-app/user?id=${user.id}`]) {
          const response = await get(url, role);
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ message: MSG.userNotFound });
        }
      }
    },
  );

  it.each(REFUSED)('refuses %s with 403 on both paths', async (role) => {
    const { user } = await t.signInAs(role);

    for (const url of [`/api/users/${user.id}`, `/api/user-app/user?id=${user.id}`]) {
      const response = await get(url, role);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MSG.forbidden });
    }
  });

  it('answers 401 without a token', async () => {
    const response = await get(`/api/users/${randomUUID()}`);

    expect(response.statusCode).toBe(401);
  });

  it('answers 400 with a field error for a malformed id', async () => {
    const byPath = await get('/api/users/not-a-uuid', 'admin');
    const byQuery = await get('/api/user-app/user?id=not-a-uuid', 'admin');
    const missing = await get('/api/user-app/user', 'admin');

    expect(byPath.statusCode).toBe(400);
    expect(byPath.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { id: MSG.invalidValue } });
    expect(byQuery.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { id: MSG.invalidValue } });
    expect(missing.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { id: MSG.required } });
  });

  it('answers 404 for an unknown id', async () => {
    const id = randomUUID();

    for (const url of [`/api/users/${id}`, `/api/user-app/user?id=${id}`]) {
      const response = await get(url, 'admin');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MSG.userNotFound });
    }
  });
});
