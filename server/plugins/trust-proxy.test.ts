import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

/** Sign-in attempts from one connection, each claiming another client address in X-Forwarded-For. */
async function attemptsBehindProxy(trustProxy: '0' | '1'): Promise<number[]> {
  const t = await createTestApp({
    TRUST_PROXY: trustProxy,
    ADDRESS_RATE_LIMIT: '2',
    LOGIN_RATE_LIMIT: '100',
  });
  apps.push(t);
  const statuses: number[] = [];
  for (let i = 1; i <= 4; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
      payload: { email: `nobody-${i}@proxy.test`, password: 'guessed-password' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY (docs/scaling.md#behind-a-proxy)', () => {
  it('takes the client address from X-Forwarded-For when set: each client is limited on its own', async () => {
    expect(await attemptsBehindProxy('1')).toEqual([401, 401, 401, 401]);
  });

  it('ignores X-Forwarded-For by default: a client cannot pick its address to escape the limit', async () => {
    expect(await attemptsBehindProxy('0')).toEqual([401, 401, 429, 429]);
  });
});
