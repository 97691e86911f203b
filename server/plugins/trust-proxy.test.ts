import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';

let trusting: TestApp;
let plain: TestApp;
beforeAll(async () => {
  const env = { ADDRESS_RATE_LIMIT: '2', LOGIN_RATE_LIMIT: '100' };
  trusting = await createTestApp({ ...env, TRUST_PROXY: '1' });
  plain = await createTestApp({ ...env, TRUST_PROXY: '0' });
});
afterAll(() => Promise.all([trusting?.close(), plain?.close()]));

/** Sign-in attempts from one connection, each claiming another client address in X-Forwarded-For. */
async function attemptsBehindProxy(t: TestApp): Promise<number[]> {
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
    expect(await attemptsBehindProxy(trusting)).toEqual([401, 401, 401, 401]);
  });

  it('ignores X-Forwarded-For by default: a client cannot pick its address to escape the limit', async () => {
    expect(await attemptsBehindProxy(plain)).toEqual([401, 401, 429, 429]);
  });
});
