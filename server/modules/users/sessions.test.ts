import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import type { OnlineUser } from '../../../contract/socket';
import { SOCKET_AUTH_ERROR } from '../../../contract/socket';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { decodeClaims, nowSeconds } from '../../../tests/server/helpers/tokens';
import {
  connectError,
  connected,
  createUserSockets,
  signedOutByServer,
  type UserSocket,
} from '../../../tests/server/helpers/user-sockets';
import { sessions, users } from '../../db/schema/users';
import { hashPassword } from './password';

let t: TestApp;
let baseUrl: string;
const sockets = createUserSockets(() => baseUrl);
const open = sockets.open;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: bearer(token) });
const renew = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/authenticatewithtoken',
    payload: { access_token: token },
  });

async function newUser(role: Role, companyId: string | null = null) {
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@sessions.test`;
  const [row] = await t.database.handle.db
    .insert(users)
    .values({ email, displayName: email, role, status: 'active', companyId })
    .returning();
  return { row: row!, token: await t.app.accessTokens.signIn(row!) };
}

describe('sessions', () => {
  it('logout ends the token for REST, for renewal and for a new socket', async () => {
    const { access_token } = await t.signInFresh('customer');
    const socket = open(access_token);
    await connected(socket);
    // The page that logs out closes its socket itself; the server closes it too, without a
    // `logout` that the page would take for a refused session.
    let toldLogout = false;
    socket.on('logout', () => {
      toldLogout = true;
    });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: bearer(access_token),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: MSG.signedOut });

    expect(await closed).toBe('io server disconnect');
    expect(toldLogout).toBe(false);
    expect((await me(access_token)).statusCode).toBe(401);
    expect((await renew(access_token)).statusCode).toBe(401);
    expect((await connectError(open(access_token))).message).toBe(SOCKET_AUTH_ERROR);
    // The alias of the old client is refused the same way.
    const alias = await t.app.inject({ url: '/api/user-app/user/me', headers: bearer(access_token) });
    expect([401, 404]).toContain(alias.statusCode);
  });

  it('the socket’s own logout ends its session too', async () => {
    const { access_token } = await t.signInFresh('service_man');
    const socket = open(access_token);
    await connected(socket);
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.emit('logout');
    await gone;
    // The server ends the session before it closes the socket.
    expect((await me(access_token)).statusCode).toBe(401);
  });

  it('leaves other sessions of the same user alone on logout', async () => {
    const first = await t.signInFresh('customer_admin');
    const second = await t.signInFresh('customer_admin');
    await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(first.access_token) });
    expect((await me(first.access_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(200);
  });

  it('a password change ends every other session of the user and closes their sockets, not its own', async () => {
    const { row, token: other } = await newUser('service_man');
    const [withPassword] = await t.database.handle.db
      .update(users)
      .set({ passwordHash: await hashPassword(DEMO_PASSWORD) })
      .where(eq(users.id, row.id))
      .returning();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      payload: { email: withPassword!.email, password: DEMO_PASSWORD },
    });
    const own = signedIn.json<{ access_token: string }>().access_token;
    const otherSocket = open(other);
    await connected(otherSocket);
    const closed = signedOutByServer(otherSocket);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: bearer(own),
      payload: {
        currentPassword: DEMO_PASSWORD,
        password: 'another-password-1',
        confirmPassword: 'another-password-1',
      },
    });
    expect(changed.statusCode).toBe(200);

    expect(await closed).toBe('io server disconnect');
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(own)).statusCode).toBe(200);
  });

  it('renews a token only within the session’s absolute end', async () => {
    const { access_token } = await t.signInFresh('customer');
    const sid = String(decodeClaims(access_token).sid);
    const end = new Date(Date.now() + 90_000);
    await t.database.handle.db.update(sessions).set({ expiresAt: end }).where(eq(sessions.id, sid));
    await t.app.accessTokens.settled();

    const renewed = await renew(access_token);
    expect(renewed.statusCode).toBe(200);
    const claims = decodeClaims(renewed.json<{ access_token: string }>().access_token);
    expect(claims.sid).toBe(sid);
    expect(Number(claims.exp)).toBeLessThanOrEqual(Math.ceil(end.getTime() / 1000));

    // Past the end, even a token whose own expiry lies ahead is refused everywhere.
    await t.database.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sid));
    // A write from outside the app reaches its session cache by NOTIFY (docs/api.md#caches-and-their-bounds).
    await t.app.accessTokens.settled();
    expect(Number(decodeClaims(access_token).exp)).toBeGreaterThan(nowSeconds());
    expect((await me(access_token)).statusCode).toBe(401);
    expect((await renew(access_token)).statusCode).toBe(401);
    expect((await connectError(open(access_token))).message).toBe(SOCKET_AUTH_ERROR);
  });

  it('a new session lasts at most SESSION_MAX_DAYS', async () => {
    const { access_token } = await t.signInFresh('dev');
    const [row] = await t.database.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(decodeClaims(access_token).sid)));
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / (24 * 60 * 60 * 1000);
    expect(days).toBeCloseTo(30, 1);
  });

  it('a role change ends the user’s sessions: a demoted admin’s socket leaves the staff rooms at once', async () => {
    const { row, token } = await newUser('admin');
    const socket = open(token);
    await connected(socket);
    const closed = signedOutByServer(socket);
    const devHeaders = await t.authHeaders('dev');

    const demoted = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${row.id}`,
      headers: devHeaders,
      payload: { role: 'customer' },
    });
    expect(demoted.statusCode).toBe(200);

    expect(await closed).toBe('io server disconnect');
    expect((await me(token)).statusCode).toBe(401);
  });

  it('disabling or deleting a user ends his sessions and closes their sockets', async () => {
    const disabled = await newUser('service_man');
    const deleted = await newUser('service_man');
    const adminHeaders = await t.authHeaders('admin');
    const disabledSocket = open(disabled.token);
    const deletedSocket = open(deleted.token);
    await Promise.all([connected(disabledSocket), connected(deletedSocket)]);
    const disabledClosed = signedOutByServer(disabledSocket);
    const deletedClosed = signedOutByServer(deletedSocket);

    const disabling = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${disabled.row.id}`,
      headers: adminHeaders,
      payload: { status: 'disabled' },
    });
    expect(disabling.statusCode).toBe(200);
    expect(await disabledClosed).toBe('io server disconnect');
    expect(deletedSocket.connected).toBe(true);

    const deleting = await t.app.inject({
      method: 'POST',
      url: '/api/users/deleteByIds',
      headers: adminHeaders,
      payload: { ids: [deleted.row.id] },
    });
    expect(deleting.statusCode).toBe(200);
    expect(await deletedClosed).toBe('io server disconnect');

    expect((await me(disabled.token)).statusCode).toBe(401);
    expect((await me(deleted.token)).statusCode).toBe(401);
    expect((await connectError(open(disabled.token))).message).toBe(SOCKET_AUTH_ERROR);
    expect((await connectError(open(deleted.token))).message).toBe(SOCKET_AUTH_ERROR);
  });
});

describe('who is online, per viewer', () => {
  it('tells each user only the people his contacts’ rule lets him see', async () => {
    const mine = await newUser('customer', 'company-a');
    const colleague = await newUser('service_man', 'company-a');
    const stranger = await newUser('customer', 'company-b');
    const admin = await t.signInFresh('admin');

    const lists = new Map<string, OnlineUser[]>();
    const watch = (name: string, socket: UserSocket) =>
      socket.on('users', (online) => {
        lists.set(name, online);
      });
    const adminSocket = open(admin.access_token);
    watch('admin', adminSocket);
    const mineSocket = open(mine.token);
    watch('mine', mineSocket);
    const colleagueSocket = open(colleague.token);
    watch('colleague', colleagueSocket);
    const strangerSocket = open(stranger.token);
    watch('stranger', strangerSocket);
    await Promise.all([adminSocket, mineSocket, colleagueSocket, strangerSocket].map(connected));

    const everyoneIn = (name: string, ids: string[]) =>
      ids.every((id) => lists.get(name)?.some((u) => u.id === id));
    await expect
      .poll(
        () =>
          everyoneIn('admin', [mine.row.id, colleague.row.id, stranger.row.id]) &&
          everyoneIn('mine', [colleague.row.id, admin.user.id]) &&
          everyoneIn('stranger', [admin.user.id]),
      )
      .toBe(true);

    const idsOf = (name: string) => (lists.get(name) ?? []).map((u) => u.id);
    expect(idsOf('mine')).not.toContain(stranger.row.id);
    expect(idsOf('colleague')).not.toContain(stranger.row.id);
    expect(idsOf('stranger')).not.toContain(mine.row.id);
    expect(idsOf('stranger')).not.toContain(colleague.row.id);
    expect(idsOf('mine')).toContain(mine.row.id);
  });
});

describe('who is online, when who may see whom changes', () => {
  it('tells both sides when an admin moves a user into another company', async () => {
    const mover = await newUser('customer', 'company-x');
    const oldColleague = await newUser('customer', 'company-x');
    const newColleague = await newUser('customer', 'company-y');
    const lists = new Map<string, OnlineUser[]>();
    const watch = (name: string, token: string) => {
      const socket = open(token);
      socket.on('users', (online) => lists.set(name, online));
      return connected(socket);
    };
    await Promise.all([
      watch('mover', mover.token),
      watch('old', oldColleague.token),
      watch('new', newColleague.token),
    ]);
    const has = (name: string, id: string) => (lists.get(name) ?? []).some((user) => user.id === id);
    await expect.poll(() => has('old', mover.row.id) && !has('new', mover.row.id)).toBe(true);

    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${mover.row.id}`,
      headers: await t.authHeaders('admin'),
      payload: { companyId: 'company-y' },
    });
    expect(moved.statusCode).toBe(200);

    await expect.poll(() => !has('old', mover.row.id) && has('new', mover.row.id)).toBe(true);
  });
});

describe('tenants', () => {
  it.each([
    ['customer', 'service_man'],
    ['customer_admin', 'customer'],
    ['customer_admin', 'service_man'],
  ] as const)(
    'puts users a %s creates (%s) or edits into his own company, whatever companyId he sends; chat and contacts do not reach the forged company',
    async (creatorRole, createdRole) => {
      const own = `company-own-${crypto.randomUUID().slice(0, 8)}`;
      const foreignCompany = `company-foreign-${crypto.randomUUID().slice(0, 8)}`;
      const { row, token } = await newUser(creatorRole, own);
      const foreigners = [
        await newUser('customer', foreignCompany),
        await newUser('service_man', foreignCompany),
      ];
      const headers = bearer(token);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers,
        payload: {
          email: `made-${crypto.randomUUID().slice(0, 8)}@tenants.test`,
          displayName: 'Made by a customer',
          role: createdRole,
          companyId: foreignCompany,
        },
      });
      expect(created.statusCode).toBe(201);
      const made = created.json<{ id: string; companyId: string | null }>();
      expect(made.companyId).toBe(row.companyId);

      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${made.id}`,
        headers,
        payload: { companyId: foreignCompany },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<{ companyId: string | null }>().companyId).toBe(row.companyId);
      const [stored] = await t.database.handle.db
        .update(users)
        .set({ status: 'active' })
        .where(eq(users.id, made.id))
        .returning();
      expect(stored!.companyId).toBe(own);

      // Signed in, the made user reaches his creator but nobody of the company that was sent.
      const madeHeaders = bearer(await t.app.accessTokens.signIn(stored!));
      const contacts = await t.app.inject({ url: '/api/chat/contacts', headers: madeHeaders });
      expect(contacts.statusCode).toBe(200);
      const contactIds = contacts.json<{ id: string }[]>().map((contact) => contact.id);
      expect(contactIds).toContain(row.id);
      for (const foreigner of foreigners) {
        expect(contactIds).not.toContain(foreigner.row.id);
        const sent = await t.app.inject({
          method: 'POST',
          url: '/api/chat/messages',
          headers: madeHeaders,
          payload: { contactId: foreigner.row.id, messageText: 'Hello from another company' },
        });
        expect(sent.statusCode).toBe(404);
        const theirs = await t.app.inject({ url: '/api/chat/contacts', headers: bearer(foreigner.token) });
        expect(theirs.json<{ id: string }[]>().map((contact) => contact.id)).not.toContain(made.id);
      }
    },
  );

  it('lets an admin choose the company', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: await t.authHeaders('admin'),
      payload: {
        email: `c-${crypto.randomUUID().slice(0, 8)}@tenants.test`,
        displayName: 'Customer',
        role: 'customer',
        companyId: 'company-chosen',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ companyId: string | null }>().companyId).toBe('company-chosen');
  });
});

describe('session cache (docs/api.md#caches-and-their-bounds)', () => {
  it('a logout through another process on the same database ends the session there too', async () => {
    const other = await createTestApp({}, t.database);
    try {
      const { access_token } = await t.signInFresh('service_man');
      const meThere = () => other.app.inject({ url: '/api/users/me', headers: bearer(access_token) });
      expect((await meThere()).statusCode).toBe(200);
      expect((await meThere()).statusCode).toBe(200);

      await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(access_token) });
      await other.app.accessTokens.settled();
      expect((await meThere()).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('a change to a user applies to his very next request', async () => {
    const { row, token } = await newUser('customer');
    expect((await me(token)).json<{ displayName: string }>().displayName).toBe(row.displayName);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${row.id}`,
      headers: await t.authHeaders('admin'),
      payload: { displayName: 'Renamed at once' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me(token)).json<{ displayName: string }>().displayName).toBe('Renamed at once');
  });
});
