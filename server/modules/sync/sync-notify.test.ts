import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/roles';
import { SYNC_RELOAD_ENTITY } from '../../../contract/schemas/sync';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contract/socket';
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
  const reloads: string[] = [];
  socket.on('reload', (change) => reloads.push(change.entity));
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
const notes = (text: string) => ({
  year: f.year,
  isNotes: true,
  notes: { title: 'T', notes: text, urls: [] },
});

describe('reload to pull', () => {
  it("reaches the lift's users for notes and everyone for descriptions, nobody else", async () => {
    const admin = await open('admin');
    const serviceMan = await open('service_man');

    await as('admin', 'PUT', `/api/messages/${f.foreignMessageId}`, notes('not his lift'));
    await admin.reloadCount(1);
    await as('service_man', 'PUT', `/api/messages/${f.ownMessageId}`, notes('his lift'));
    await admin.reloadCount(2);
    await as('admin', 'POST', '/api/descriptions/register', {
      number: 42,
      name: 'Door',
      nameDE: 'Tür',
      type: 'error',
    });
    await admin.reloadCount(3);

    // Events to one socket arrive in order: once this lift update is there, every earlier reload is.
    const liftUpdate = new Promise<void>((resolve) => serviceMan.socket.once('lift', () => resolve()));
    await as('admin', 'PUT', `/api/lifts/${f.own.id}`, { maxTrips: 5 });
    await liftUpdate;
    expect(serviceMan.reloads).toEqual([SYNC_RELOAD_ENTITY, SYNC_RELOAD_ENTITY]);
    expect(admin.reloads).toEqual([SYNC_RELOAD_ENTITY, SYNC_RELOAD_ENTITY, SYNC_RELOAD_ENTITY]);
  });
});
