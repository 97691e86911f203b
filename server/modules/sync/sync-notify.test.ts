import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/roles';
import type { ClientToServerEvents, ReloadChange, ServerToClientEvents } from '../../../contract/socket';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { createLiftFixtures, type LiftFixtures } from '../lifts/lift-fixtures';

type UserSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let f: LiftFixtures;
let baseUrl: string;
const sockets: UserSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await createLiftFixtures(t);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

async function open(role: Role) {
  const socket: UserSocket = connect(baseUrl, {
    path: '/socket.io',
    auth: { token: (await t.signInAs(role)).access_token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('users', () => resolve()));
  const reloads: ReloadChange[] = [];
  socket.on('reload', (change) => reloads.push(change));
  /** Resolves once `count` reloads arrived in all. */
  const reloadCount = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (reloads.length < count) return;
        socket.off('reload', check);
        resolve();
      };
      socket.on('reload', check);
      check();
    });
  return { socket, reloads, reloadCount };
}

const as = async (role: Role, method: 'POST' | 'PUT', url: string, payload: object) => {
  const response = await t.app.inject({ method, url, headers: await t.authHeaders(role), payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
};

describe('reload to pull', () => {
  it("names deleted readings' lifts to the users who see them, descriptions to everyone", async () => {
    const admin = await open('admin');
    const serviceMan = await open('service_man');

    await as('admin', 'POST', '/api/messages/deleteByIds', {
      ids: [f.ownMessageId, f.foreignMessageId],
      year: f.year,
    });
    await admin.reloadCount(1);
    await as('admin', 'POST', '/api/descriptions/register', {
      number: 42,
      name: 'Door',
      nameDE: 'Tür',
      type: 'error',
    });
    await admin.reloadCount(2);

    // Events to one socket arrive in order: once this lift update is there, every earlier reload is.
    const liftUpdate = new Promise<void>((resolve) => serviceMan.socket.once('lift', () => resolve()));
    await as('admin', 'PUT', `/api/lifts/${f.own.id}`, { maxTrips: 5 });
    await liftUpdate;
    // The service man sees only his lift: he is told of it alone, and never of the foreign one.
    expect(serviceMan.reloads).toEqual([
      { entity: 'messages', liftIds: [f.own.id] },
      { entity: 'descriptions' },
    ]);
    expect(admin.reloads).toHaveLength(2);
    expect(admin.reloads[0]).toMatchObject({ entity: 'messages' });
    expect((admin.reloads[0] as { liftIds: string[] }).liftIds.sort()).toEqual(
      [f.own.id, f.foreign.id].sort(),
    );
    expect(admin.reloads[1]).toEqual({ entity: 'descriptions' });
  });
});
