import type { ParsedMail } from 'mailparser';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { AuthResponseSchema, type User, UserSchema } from '../../../contract/schemas/user';
import { DAY_MS } from '../../../contract/time';
import {
  createTestApp,
  DEMO_EMAILS,
  TEST_AUTH_SECRET,
  type TestApp,
} from '../../../tests/server/helpers/app';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../../tests/server/helpers/smtp';
import { connected, createUserSockets, signedOutByServer } from '../../../tests/server/helpers/user-sockets';
import { createSealedTokens } from '../../lib/sealed-token';
import { passwordFingerprint } from '../users/invitation';

const NEW_PASSWORD = 'a-new-password-123';

let smtp: TestSmtpServer;
let t: TestApp;
let baseUrl: string;
const sockets = createUserSockets(() => baseUrl);
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://lifts.example.com',
    PASSWORD_RESET_RATE_LIMIT: '3',
    REGISTER_RATE_LIMIT: '1000',
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => sockets.closeAll());
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++counter}@example.com`;

async function invite(role: 'admin' | 'customer', email: string, phoneNumber?: string): Promise<User> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: await t.authHeaders(role),
    payload: { email, displayName: 'Neue Person', role: 'service_man', phoneNumber },
  });
  expect(response.statusCode).toBe(201);
  return v.parse(UserSchema, response.json());
}

/** The sealed id and email of the mailed `/register/:id/:email` link. */
function registerParts(mail: ParsedMail): { id: string; email: string } {
  const url = linkIn(mail, '/register/');
  expect(url.origin).toBe('https://lifts.example.com');
  const [, , id = '', email = ''] = url.pathname.split('/');
  return { id, email };
}

const getInvitation = (parts: { id: string; email: string }) =>
  t.app.inject({ url: `/api/users/invitation?id=${parts.id}&email=${parts.email}` });

const register = (
  parts: { id: string; email: string },
  overrides: Record<string, unknown> = {},
  url = '/api/users/updateByEmail',
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: {
      ...parts,
      displayName: 'Paula Pfeiffer',
      phoneNumber: '4917012345',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      ...overrides,
    },
  });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { email, password } });

/** One character of a token replaced by another base64url character. */
const editOneCharacter = (token: string) => {
  const index = Math.floor(token.length / 2);
  return token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);
};

describe('invitation and registration', () => {
  it('mails an invitation in German by default, registers from its link and signs the user in', async () => {
    const email = uniqueEmail('invitee');
    const invited = await invite('admin', email);
    expect(invited).toMatchObject({ email, status: 'invited', role: 'service_man' });

    const mail = await smtp.nextMailTo(email);
    expect(mail.subject).toBe('Ihre Einladung zum Aufzugsportal');
    expect(mail.text).toContain('Registrierung abschließen');
    expect(mail.html).toContain('/register/');
    const parts = registerParts(mail);

    const invitation = await getInvitation(parts);
    expect(invitation.statusCode).toBe(200);
    expect(invitation.json()).toEqual({ email, displayName: 'Neue Person', phoneNumber: null });

    const registered = await register(parts);
    expect(registered.statusCode).toBe(200);
    const body = v.parse(AuthResponseSchema, registered.json());
    expect(body.user).toMatchObject({
      id: invited.id,
      email,
      status: 'active',
      displayName: 'Paula Pfeiffer',
      phoneNumber: '4917012345',
    });
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json()).toMatchObject({ id: invited.id, status: 'active' });

    const signedIn = await signIn(email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(invited.id);
  });

  it('carries the phone number the inviter typed to the form, and takes it as people write it', async () => {
    const email = uniqueEmail('phone');
    const invited = await invite('admin', email, '+49 (0)30 123 45-67');
    // Stored normalised: digits with the leading +.
    expect(invited.phoneNumber).toBe('+49301234567');
    const parts = registerParts(await smtp.nextMailTo(email));

    const invitation = await getInvitation(parts);
    expect(invitation.json()).toEqual({ email, displayName: 'Neue Person', phoneNumber: '+49301234567' });

    const registered = await register(parts, { phoneNumber: '+49 30 1234567' });
    expect(registered.statusCode).toBe(200);
    expect(registered.json().user.phoneNumber).toBe('+49301234567');
  });

  it('refuses a blank phone number on registration as required', async () => {
    const email = uniqueEmail('nophone');
    await invite('admin', email);
    const parts = registerParts(await smtp.nextMailTo(email));
    const response = await register(parts, { phoneNumber: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({ phoneNumber: MSG.phoneRequired });
  });

  it("writes the invitation in the inviter's language (English)", async () => {
    const headers = await t.authHeaders('customer');
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers,
      payload: { language: 'en' },
    });
    const email = uniqueEmail('english');

    await invite('customer', email);
    const mail = await smtp.nextMailTo(email);
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers,
      payload: { language: 'de' },
    });

    expect(mail.subject).toBe('Your invitation to the Lift Portal');
    expect(mail.text).toContain('Klaus Becker has invited you');
    expect(mail.text).toContain('expires in 7 days');
  });

  it('works once: a second registration and a second look are refused', async () => {
    const email = uniqueEmail('once');
    await invite('admin', email);
    const parts = registerParts(await smtp.nextMailTo(email));
    expect((await register(parts)).statusCode).toBe(200);

    const again = await register(parts, {
      password: 'another-password',
      confirmPassword: 'another-password',
    });
    const look = await getInvitation(parts);

    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: MSG.linkUsed });
    expect(look.statusCode).toBe(400);
    expect(look.json()).toEqual({ message: MSG.linkUsed });
    expect((await signIn(email, 'another-password')).statusCode).toBe(401);
  });

  it('refuses a link with one changed character, and halves of two different invitations', async () => {
    const first = uniqueEmail('forged');
    const second = uniqueEmail('forged');
    await invite('admin', first);
    await invite('admin', second);
    const a = registerParts(await smtp.nextMailTo(first));
    const b = registerParts(await smtp.nextMailTo(second));

    for (const parts of [
      { id: editOneCharacter(a.id), email: a.email },
      { id: a.id, email: editOneCharacter(a.email) },
      { id: a.id, email: b.email },
      { id: 'not-a-token', email: a.email },
    ]) {
      const look = await getInvitation(parts);
      const registered = await register(parts);
      expect(look.statusCode).toBe(400);
      expect(look.json()).toEqual({ message: MSG.linkInvalid });
      expect(registered.statusCode).toBe(400);
      expect(registered.json()).toEqual({ message: MSG.linkInvalid });
    }
    // The genuine link still works after all these attempts.
    expect((await register(a)).statusCode).toBe(200);
  });

  it('refuses an expired invitation', async () => {
    const invited = await invite('admin', uniqueEmail('expired'));
    await smtp.nextMailTo(invited.email);
    const eightDaysAgo = createSealedTokens(TEST_AUTH_SECRET, () => Date.now() - 8 * DAY_MS);
    const jti = crypto.randomUUID();
    const ttl = 7 * 86_400;
    const parts = {
      id: eightDaysAgo.seal({ purpose: 'invitation-id', subject: invited.id, jti }, ttl).token,
      email: eightDaysAgo.seal({ purpose: 'invitation-email', subject: invited.email, jti }, ttl).token,
    };

    const look = await getInvitation(parts);
    const registered = await register(parts);

    expect(look.statusCode).toBe(400);
    expect(look.json()).toEqual({ message: MSG.linkExpired });
    expect(registered.json()).toEqual({ message: MSG.linkExpired });
  });

  it('registers through the spec alias POST /api/user-app/user/update-user-by-email too', async () => {
    const email = uniqueEmail('alias');
    const invited = await invite('customer', email);
    const parts = registerParts(await smtp.nextMailTo(email));

    const registered = await register(parts, {}, '/api/user-app/user/update-user-by-email');

    expect(registered.statusCode).toBe(200);
    expect(v.parse(AuthResponseSchema, registered.json()).user).toMatchObject({
      id: invited.id,
      status: 'active',
    });
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an id that is no sealed token as an invalid link, without touching a password', async () => {
    const email = uniqueEmail('blank-id');
    await invite('admin', email);
    const parts = registerParts(await smtp.nextMailTo(email));

    const blank = await register({ id: '', email: parts.email });
    const nullId = await register({ id: null as unknown as string, email: parts.email });

    for (const response of [blank, nullId]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { id: MSG.linkInvalid } });
    }
    expect((await getInvitation(parts)).statusCode).toBe(200);
  });

  it('answers field errors for an invalid registration form', async () => {
    const email = uniqueEmail('form');
    await invite('admin', email);
    const parts = registerParts(await smtp.nextMailTo(email));

    const response = await register(parts, {
      displayName: 'Abc',
      phoneNumber: '+49 170 abc',
      password: 'short',
      confirmPassword: 'other',
    });
    const mismatch = await register(parts, { confirmPassword: `${NEW_PASSWORD}x` });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      displayName: MSG.minLength4,
      phoneNumber: MSG.onlyNumbers,
      password: MSG.passwordTooShort,
    });
    expect(mismatch.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { confirmPassword: MSG.passwordsDoNotMatch },
    });
    // Refused forms do not use up the link.
    expect((await getInvitation(parts)).statusCode).toBe(200);
  });
});

describe('forgotten and reset password', () => {
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });

  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const unknown = await forgot('nobody-here@example.com');
    const known = await forgot(DEMO_EMAILS.customer_admin);

    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: MSG.resetMailSent });
    expect(known.json()).toEqual(unknown.json());
    const mail = await smtp.nextMailTo(DEMO_EMAILS.customer_admin);
    expect(mail.subject).toBe('Passwort für das Aufzugsportal zurücksetzen');
    expect(
      smtp.received.flatMap((entry) => entry.to).some((to) => JSON.stringify(to).includes('nobody-here')),
    ).toBe(false);
  });

  it('resets the password from the mailed link, once', async () => {
    const email = uniqueEmail('reset');
    await invite('admin', email);
    expect((await register(registerParts(await smtp.nextMailTo(email)))).statusCode).toBe(200);

    await forgot(email);
    const url = linkIn(await smtp.nextMailTo(email), '/reset-password/');
    const token = url.pathname.split('/')[2] ?? '';
    const look = await t.app.inject({ url: `/api/users/reset-token?token=${token}` });
    expect(look.json()).toEqual({ email });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/updateByEmail',
      payload: { email: token, password: 'brand-new-password', confirmPassword: 'brand-new-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: MSG.passwordChanged });
    expect((await signIn(email, 'brand-new-password')).statusCode).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(401);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/user-app/user/update-user-by-email',
      payload: { email: token, password: 'third-password-x', confirmPassword: 'third-password-x' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: MSG.linkUsed });
    const reusedOldAlias = await t.app.inject({
      method: 'POST',
      url: '/api/user-app/update-user-by-email',
      payload: { email: token, password: 'third-password-x', confirmPassword: 'third-password-x' },
    });
    expect(reusedOldAlias.json()).toEqual({ message: MSG.linkUsed });
    expect((await t.app.inject({ url: `/api/users/reset-token?token=${token}` })).json()).toEqual({
      message: MSG.linkUsed,
    });
  });

  it('never turns a bearer token alone into a new password; a reset from the mailed link ends every session and closes its sockets', async () => {
    const email = uniqueEmail('menu');
    await invite('admin', email);
    const session = v.parse(
      AuthResponseSchema,
      (await register(registerParts(await smtp.nextMailTo(email)))).json(),
    );
    const headers = { authorization: `Bearer ${session.access_token}` };
    const socket = sockets.open(session.access_token);
    await connected(socket);
    const closed = signedOutByServer(socket);

    // The call that once handed a reset token to any bearer is gone.
    const takeover = await t.app.inject({ method: 'POST', url: '/api/users/me/reset-token', headers });
    expect(takeover.statusCode).toBe(404);

    // The reset link comes by mail only; using it signs out every session of the user.
    await forgot(email);
    const token = linkIn(await smtp.nextMailTo(email), '/reset-password/').pathname.split('/')[2] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/updateByEmail',
      payload: { email: token, password: 'reset-password-1', confirmPassword: 'reset-password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await t.app.inject({ url: '/api/users/me', headers })).statusCode).toBe(401);
  });

  it('refuses an edited and an expired reset token', async () => {
    const { user } = await t.signInAs('service_man');
    const [row] = await t.database.handle.db.query.users.findMany({
      where: (users, { eq }) => eq(users.id, user.id),
    });
    const twoHoursAgo = createSealedTokens(TEST_AUTH_SECRET, () => Date.now() - 2 * 3_600_000);
    const expired = twoHoursAgo.seal(
      { purpose: 'reset', subject: user.id, fingerprint: passwordFingerprint(row?.passwordHash ?? null) },
      3600,
    ).token;
    const fresh = createSealedTokens(TEST_AUTH_SECRET).seal(
      { purpose: 'reset', subject: user.id, fingerprint: passwordFingerprint(row?.passwordHash ?? null) },
      3600,
    ).token;

    const edited = await t.app.inject({ url: `/api/users/reset-token?token=${editOneCharacter(fresh)}` });
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/users/updateByEmail',
      payload: { email: expired, password: 'whatever-password', confirmPassword: 'whatever-password' },
    });

    expect(edited.json()).toEqual({ message: MSG.linkInvalid });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: MSG.linkExpired });
    expect((await signIn(DEMO_EMAILS.service_man, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('limits reset requests per address and email (PASSWORD_RESET_RATE_LIMIT)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++)
      statuses.push((await forgot('limited@example.com')).statusCode);

    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await forgot('limited@example.com')).json()).toEqual({ message: MSG.tooManyRequests });
  });
});
