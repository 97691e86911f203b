import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { AuthResponseSchema, TokenClaimsSchema } from '../../../contract/schemas/user';
import {
  createTestApp,
  DEMO_EMAILS,
  TEST_AUTH_SECRET,
  type TestApp,
} from '../../../tests/server/helpers/app';
import { decodeClaims, nowSeconds, signToken } from '../../../tests/server/helpers/tokens';
import { users } from '../../db/schema/users';

const INVALID_CREDENTIALS = {
  message: MSG.invalidCredentials,
  fieldErrors: { password: MSG.invalidCredentials },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '5', TOKEN_TTL: '3600' });
});
afterAll(() => t.close());

const authenticate = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users/authenticate', payload: payload as object });
const authenticateWithToken = (accessToken: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/authenticatewithtoken',
    payload: { access_token: accessToken },
  });

describe('POST /api/users/authenticate', () => {
  it('answers the user and a token with the contract claims', async () => {
    const response = await authenticate({ email: 'ADMIN@demo.local ', password: DEMO_PASSWORD });

    expect(response.statusCode).toBe(200);
    const body = v.parse(AuthResponseSchema, response.json());
    expect(body.user).toMatchObject({ email: 'admin@demo.local', role: 'admin', status: 'active' });
    const claims = v.parse(TokenClaimsSchema, decodeClaims(body.access_token));
    expect(claims).toMatchObject({ sub: body.user.id, role: 'admin' });
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('never shows a password hash', async () => {
    const response = await authenticate({ email: DEMO_EMAILS.customer, password: DEMO_PASSWORD });

    expect(response.body).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('stores argon2id hashes', async () => {
    const [row] = await t.database.handle.db.select().from(users).where(eq(users.email, DEMO_EMAILS.dev));

    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrongPassword = await authenticate({ email: DEMO_EMAILS.service_man, password: 'wrong-password' });
    const unknownEmail = await authenticate({ email: 'nobody@demo.local', password: 'wrong-password' });

    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(INVALID_CREDENTIALS);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(INVALID_CREDENTIALS);
  });

  it('refuses disabled and invited users with the same answer', async () => {
    const db = t.database.handle.db;
    await db.insert(users).values([
      { email: 'disabled@demo.local', displayName: 'Gesperrt', role: 'customer', status: 'disabled' },
      { email: 'invited@demo.local', displayName: 'Eingeladen', role: 'customer', status: 'invited' },
    ]);
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.customer));
    await db
      .update(users)
      .set({ passwordHash: customer?.passwordHash })
      .where(eq(users.email, 'disabled@demo.local'));

    for (const email of ['disabled@demo.local', 'invited@demo.local']) {
      const response = await authenticate({ email, password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_CREDENTIALS);
    }
  });

  it('asks for at least 4 characters in each field', async () => {
    const response = await authenticate({ email: 'a@b', password: '123' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { email: MSG.minLength4, password: MSG.minLength4 },
    });
  });

  it('names missing fields as required', async () => {
    const response = await authenticate({});

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { email: MSG.required, password: MSG.required },
    });
  });

  it('limits sign-in attempts per IP and email to LOGIN_RATE_LIMIT a minute', async () => {
    const attempt = () => authenticate({ email: 'target@demo.local', password: 'guess-1234' });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);

    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MSG.tooManyLogins });

    // Another email from the same address is counted on its own.
    const other = await authenticate({ email: 'other-target@demo.local', password: 'guess-1234' });
    expect(other.statusCode).toBe(401);
  });
});

describe('POST /api/users/authenticatewithtoken', () => {
  it('answers the user with a fresh token', async () => {
    const { user, access_token } = await t.signInAs('customer');
    const aging = signToken(TEST_AUTH_SECRET, {
      sub: user.id,
      role: 'customer',
      sid: decodeClaims(access_token).sid,
      iat: nowSeconds() - 600,
      exp: nowSeconds() + 60,
    });

    const response = await authenticateWithToken(aging);

    expect(response.statusCode).toBe(200);
    const body = v.parse(AuthResponseSchema, response.json());
    expect(body.user.id).toBe(user.id);
    expect(body.access_token).not.toBe(aging);
    const claims = v.parse(TokenClaimsSchema, decodeClaims(body.access_token));
    expect(claims.exp).toBeGreaterThan(nowSeconds() + 3000);
  });

  it.each([
    ['garbage', 'not-a-token'],
    [
      'signed with another secret',
      signToken('another-secret-another-secret-another', { sub: '0', role: 'dev' }),
    ],
    ['without a signature', `${signToken(TEST_AUTH_SECRET, { sub: 'x' }).split('.').slice(0, 2).join('.')}.`],
  ])('refuses a bad token (%s)', async (_case, token) => {
    const response = await authenticateWithToken(token);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.invalidToken });
  });

  it('refuses an expired token', async () => {
    const { user, access_token } = await t.signInAs('customer');
    const expired = signToken(TEST_AUTH_SECRET, {
      sub: user.id,
      role: 'customer',
      sid: decodeClaims(access_token).sid,
      iat: nowSeconds() - 7200,
      exp: nowSeconds() - 3600,
    });

    const response = await authenticateWithToken(expired);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.invalidToken });
  });

  it('refuses a valid token of a user who was disabled since', async () => {
    const { user, access_token } = await t.signInAs('service_man');
    await t.database.handle.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    // A write from outside the app reaches its session cache by NOTIFY (docs/api.md#caches-and-their-bounds).
    await t.app.accessTokens.settled();

    const response = await authenticateWithToken(access_token);
    const protectedCall = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers: { authorization: `Bearer ${access_token}` },
      payload: { language: 'en' },
    });

    expect(response.statusCode).toBe(401);
    expect(protectedCall.statusCode).toBe(401);
    expect(protectedCall.json()).toEqual({ message: MSG.invalidToken });
  });

  it('asks for the token when it is missing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticatewithtoken',
      payload: {},
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { access_token: MSG.required },
    });
  });
});

describe('PUT /api/users/me/settings', () => {
  it('merges the settings into the signed-in user and bumps its version', async () => {
    const headers = await t.authHeaders('dev');
    const before = await t.database.handle.db.select().from(users).where(eq(users.email, DEMO_EMAILS.dev));

    const first = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers,
      payload: { language: 'en' },
    });
    const second = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers,
      payload: { navLayout: 'horizontal', navFolded: true },
    });

    expect(first.statusCode).toBe(200);
    expect(second.json().settings).toEqual({ language: 'en', navLayout: 'horizontal', navFolded: true });
    const [after] = await t.database.handle.db.select().from(users).where(eq(users.email, DEMO_EMAILS.dev));
    expect(after?.version).toBe((before[0]?.version ?? 0) + 2);
  });

  it('rejects unknown values with field errors', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers: await t.authHeaders('admin'),
      payload: { language: 'fr', navFolded: 'yes' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { language: MSG.invalidValue, navFolded: MSG.invalidValue },
    });
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/users/me/settings', payload: {} });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.invalidToken });
  });
});
