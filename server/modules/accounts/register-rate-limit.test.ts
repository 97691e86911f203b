import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';

// An app of its own: the other account tests register far more often than this limit allows.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REGISTER_RATE_LIMIT: '2' });
});
afterAll(() => t?.close());

const attempt = (url: string, remoteAddress: string, payload: object = { email: 'guess@example.com' }) =>
  t.app.inject({ method: 'POST', url, remoteAddress, payload });

describe('REGISTER_RATE_LIMIT', () => {
  it.each(['/api/users/updateByEmail', '/api/user-app/user/update-user-by-email'])(
    'limits guessing on %s per address, before the body is even read',
    async (url) => {
      const statuses: number[] = [];
      for (let count = 0; count < 3; count++) statuses.push((await attempt(url, '203.0.113.7')).statusCode);
      const limited = await attempt(url, '203.0.113.7');
      const otherAddress = await attempt(url, '198.51.100.9');

      expect(statuses).toEqual([400, 400, 429]);
      expect(limited.json()).toEqual({ message: MSG.tooManyRequests });
      expect(otherAddress.statusCode).toBe(400);
    },
  );

  it('counts registrations and password resets together: they are one call', async () => {
    const address = '192.0.2.44';
    const registration = { id: 'guess', email: 'guess', displayName: 'Gast', password: 'x' };
    const statuses = [
      (await attempt('/api/users/updateByEmail', address, registration)).statusCode,
      (await attempt('/api/users/updateByEmail', address)).statusCode,
      (await attempt('/api/users/updateByEmail', address, registration)).statusCode,
    ];

    expect(statuses).toEqual([400, 400, 429]);
  });
});
