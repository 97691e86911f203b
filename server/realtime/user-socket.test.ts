import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../contract/constants';
import type { Role } from '../../contract/roles';
import type { Lift } from '../../contract/schemas/lift';
import type { Message } from '../../contract/schemas/message';
import { type OnlineUser, SOCKET_AUTH_ERROR } from '../../contract/socket';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../tests/server/helpers/app';
import { decodeClaims, nowSeconds, signToken } from '../../tests/server/helpers/tokens';
import {
  connectError,
  connected,
  createUserSockets,
  signedOutByServer,
  type UserSocket,
} from '../../tests/server/helpers/user-sockets';
import { users } from '../db/schema/users';
import { VirtualController } from '../demo/virtual-controller';
import { insertLiftWithKey } from '../modules/devices/device-test-kit';
import { hashPassword } from '../modules/users/password';

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

describe('a demoted user', () => {
  const controllers: VirtualController[] = [];
  afterEach(() => {
    for (const controller of controllers.splice(0)) controller.close();
  });

  /** One controller per lift; each call sends one more stats reading and waits for its acknowledgement. */
  const byImei = new Map<string, { controller: VirtualController; trips: number }>();
  async function reading(lift: { imei: string; key: string }) {
    let entry = byImei.get(lift.imei);
    if (!entry) {
      const controller = new VirtualController({
        ...lift,
        url: baseUrl,
        reconnect: false,
        ackTimeoutMs: 20_000,
      });
      controllers.push(controller);
      await controller.connect();
      entry = { controller, trips: 0 };
      byImei.set(lift.imei, entry);
    }
    entry.trips += 10;
    entry.controller.sendStats({ trips: entry.trips, operatingHours: 1 });
    await entry.controller.idle();
  }

  /** A socket of `token` with every `lift` and `lift:message` it receives. */
  async function watching(token: string) {
    const socket = open(token);
    const lifts: Lift[] = [];
    const readings: Message[] = [];
    socket.on('lift', (lift) => lifts.push(lift));
    socket.on('lift:message', (message) => readings.push(message));
    await connected(socket);
    return { socket, liftIds: () => [...lifts.map((l) => l.id), ...readings.map((m) => m.liftId)] };
  }

  it('who signs in again gets no live event of a lift outside his new scope', async () => {
    const email = `demoted-${crypto.randomUUID().slice(0, 8)}@sockets.test`;
    const [row] = await t.database.handle.db
      .insert(users)
      .values({
        email,
        displayName: 'Demoted admin',
        role: 'admin',
        status: 'active',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
      .returning();
    const signIn = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/authenticate',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ access_token: string }>().access_token;
    };
    const foreign = await insertLiftWithKey(t.app.db);
    const own = await insertLiftWithKey(t.app.db, { customers: [row!.id] });
    const staff = await watching(await tokenOf('dev'));

    // As admin he receives every lift.
    const asAdmin = await watching(await signIn());
    await reading(foreign);
    await vi.waitFor(() => expect(asAdmin.liftIds()).toContain(foreign.id));

    const closed = signedOutByServer(asAdmin.socket);
    const demoted = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${row!.id}`,
      headers: await t.authHeaders('dev'),
      payload: { role: 'customer' },
    });
    expect(demoted.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');

    // Signed in again as a customer: the foreign lift's reading reaches staff, not him; his own does.
    const asCustomer = await watching(await signIn());
    const staffSeen = staff.liftIds().filter((id) => id === foreign.id).length;
    await reading(foreign);
    await vi.waitFor(() =>
      expect(staff.liftIds().filter((id) => id === foreign.id).length).toBeGreaterThan(staffSeen),
    );
    await reading(own);
    await vi.waitFor(() => expect(asCustomer.liftIds()).toContain(own.id));
    expect(asCustomer.liftIds()).not.toContain(foreign.id);
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
