import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../contract/constants';
import { MSG } from '../../contract/messages';
import { ROLES } from '../../contract/roles';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../tests/server/helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    ADDRESS_RATE_LIMIT: '3',
    LOGIN_RATE_LIMIT: '100',
    PASSWORD_RESET_RATE_LIMIT: '100',
  });
});
afterAll(() => t.close());

const emails = (prefix: string) => Array.from({ length: 5 }, (_, i) => `${prefix}-${i}@spray.test`);

describe('limits per address across emails (spraying)', () => {
  it('stops sign-in attempts from one address on many accounts', async () => {
    const statuses: number[] = [];
    for (const email of emails('login')) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/authenticate',
        payload: { email, password: 'guessed-password' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual({ message: MSG.tooManyLogins });
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('stops reset mails from one address to many accounts', async () => {
    const statuses: number[] = [];
    for (const email of emails('reset')) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('counts only failed sign-ins: thirty people signing in from one address all get in, failures still stop', async () => {
    const signIn = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/authenticate',
        remoteAddress: '198.51.100.20',
        payload: { email, password },
      });
    const good: number[] = [];
    for (let i = 0; i < 30; i++) {
      const role = ROLES[i % ROLES.length] ?? 'customer';
      good.push((await signIn(DEMO_EMAILS[role], DEMO_PASSWORD)).statusCode);
    }
    expect(good).toEqual(Array(30).fill(200));
    const failed: number[] = [];
    for (const email of emails('office')) {
      const response = await signIn(email, 'guessed-password');
      failed.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({ message: MSG.tooManyLogins });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(failed).toEqual([401, 401, 401, 429, 429]);
    // Past the failures, the address waits out the minute, even with the right password.
    expect((await signIn(DEMO_EMAILS.customer, DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('counts each address on its own', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      remoteAddress: '198.51.100.7',
      payload: { email: 'someone@spray.test', password: 'guessed-password' },
    });
    expect(response.statusCode).toBe(401);
  });
});
