import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/roles';
import { type OnlineUser, SOCKET_AUTH_ERROR } from '../../contract/socket';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../tests/server/helpers/app';
import { decodeClaims, nowSeconds, signToken } from '../../tests/server/helpers/tokens';
import { connectError, createUserSockets, type UserSocket } from '../../tests/server/helpers/user-sockets';

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

/** The next `users` list that satisfies `until`. */
function nextUsers(socket: UserSocket, until: (online: OnlineUser[]) => boolean = () => true) {
  return new Promise<OnlineUser[]>((resolve) => {
    const listener = (online: OnlineUser[]) => {
      if (!until(online)) return;
      socket.off('users', listener);
      resolve(online);
    };
    socket.on('users', listener);
  });
}

const ids = (online: OnlineUser[]) => online.map((user) => user.id).sort();
const tokenOf = async (role: Role) => (await t.signInAs(role)).access_token;

describe('the user socket', () => {
  it('tells a signed-in user who is online', async () => {
    const { user } = await t.signInAs('admin');

    const online = await nextUsers(open(await tokenOf('admin')));

    expect(online).toEqual([{ id: user.id, displayName: user.displayName, role: 'admin' }]);
  });

  it('tells everyone when someone comes and goes', async () => {
    const admin = (await t.signInAs('admin')).user;
    // A session of its own: the customer's logout below ends it.
    const { user: customer, access_token: customerToken } = await t.signInFresh('customer');
    const adminSocket = open(await tokenOf('admin'));
    await nextUsers(adminSocket);

    const arrival = nextUsers(adminSocket, (online) => online.length === 2);
    const customerSocket = open(customerToken);
    expect(ids(await arrival)).toEqual([admin.id, customer.id].sort());

    const departure = nextUsers(adminSocket, (online) => online.length === 1);
    customerSocket.emit('logout');
    expect(ids(await departure)).toEqual([admin.id]);
  });

  it('keeps a user online while another tab of theirs is', async () => {
    const devToken = await tokenOf('dev');
    const watcher = open(await tokenOf('service_man'));
    await nextUsers(watcher);
    const firstTab = open(devToken);
    await nextUsers(firstTab);
    const secondTab = open(devToken);
    const secondTabList = await nextUsers(secondTab);
    expect(secondTabList).toHaveLength(2);

    const departure = nextUsers(watcher, (online) => online.length === 1);
    firstTab.disconnect();
    secondTab.disconnect();
    expect(await departure).toHaveLength(1);
  });

  it.each([
    ['no token', undefined],
    ['a garbage token', 'garbage'],
    ['a token signed with another secret', signToken('x'.repeat(40), { sub: '0', role: 'dev' })],
  ])('refuses a handshake with %s', async (_case, token) => {
    const error = await connectError(open(token));

    expect(error.message).toBe(SOCKET_AUTH_ERROR);
  });

  it('drops a connected socket when its token expires', async () => {
    const { user, access_token } = await t.signInAs('customer');
    const shortLived = signToken(TEST_AUTH_SECRET, {
      sub: user.id,
      role: user.role,
      sid: decodeClaims(access_token).sid,
      iat: nowSeconds(),
      exp: nowSeconds() + 2,
    });
    const socket = open(shortLived);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    const reason = await new Promise<string>((resolve) => socket.once('disconnect', resolve));

    expect(reason).toBe('io server disconnect');
  });

  it('refuses an expired token', async () => {
    const { user, access_token } = await t.signInAs('customer');
    const expired = signToken(TEST_AUTH_SECRET, {
      sub: user.id,
      role: user.role,
      sid: decodeClaims(access_token).sid,
      iat: nowSeconds() - 7200,
      exp: nowSeconds() - 3600,
    });

    const error = await connectError(open(expired));

    expect(error.message).toBe(SOCKET_AUTH_ERROR);
  });
});

describe('closing the app', () => {
  it('disconnects open sockets, so close() finishes', async () => {
    const other = await createTestApp({}, t.database);
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherSockets = createUserSockets(() => url);
    const socket = otherSockets.open((await other.signInAs('dev')).access_token);
    await nextUsers(socket);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    await other.close();

    expect(await disconnected).toBe('io server disconnect');
  });
});
