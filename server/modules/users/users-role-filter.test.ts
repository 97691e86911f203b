import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../../tests/server/helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/users?role=', () => {
  it.each([
    ['customer', [DEMO_EMAILS.customer]],
    ['service_man', [DEMO_EMAILS.service_man]],
    ['customer_admin', [DEMO_EMAILS.customer_admin]],
  ])('lists only users of role %s, on both paths', async (role, emails) => {
    for (const url of [`/api/users?role=${role}`, `/api/user-app/users?role=${role}`]) {
      const response = await t.app.inject({ url, headers: await t.authHeaders('admin') });
      expect(response.json().users.map((user: { email: string }) => user.email)).toEqual(emails);
      expect(response.json().count).toBe(emails.length);
    }
  });

  it('refuses an unknown role with a field error', async () => {
    const response = await t.app.inject({
      url: '/api/users?role=guest',
      headers: await t.authHeaders('admin'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { role: MSG.invalidValue } });
  });
});
