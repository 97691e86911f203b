import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { io as connectUser, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_AUTH_ERROR } from '../../../contract/device';
import { MSG } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import type { Lift } from '../../../contract/schemas/lift';
import type { Message } from '../../../contract/schemas/message';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contract/socket';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { createTestDatabase } from '../../../tests/server/helpers/database';
import { deviceReceipts } from '../../db/schema/devices';
import { lifts } from '../../db/schema/lifts';
import { logs } from '../../db/schema/logs';
import { maintenancePlans } from '../../db/schema/maintenance';
import { messages } from '../../db/schema/messages';
import { startDemoControllers } from '../../demo/demo-controllers';
import { VirtualController } from '../../demo/virtual-controller';
import { insertLiftWithKey, testImei } from './device-test-kit';

let t: TestApp;
let baseUrl: string;
const controllers: VirtualController[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
type UserSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const userSockets: UserSocket[] = [];

afterEach(() => {
  for (const controller of controllers.splice(0)) controller.close();
  for (const socket of userSockets.splice(0)) socket.disconnect();
});

/** A signed-in user's socket, connected, with every `lift` it receives. */
async function userSocket(role: Role) {
  const { access_token } = await t.signInAs(role);
  const socket: UserSocket = connectUser(baseUrl, {
    path: '/socket.io',
    auth: { token: access_token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  userSockets.push(socket);
  const received: Lift[] = [];
  socket.on('lift', (lift) => received.push(lift));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, received };
}
afterAll(() => t.close());

function controller(imei: string, key: string, url = baseUrl, reconnect = false) {
  const c = new VirtualController({ imei, key, url, reconnect, ackTimeoutMs: 20_000 });
  controllers.push(c);
  return c;
}

const db = () => t.app.db;

async function messageCount(liftId: string) {
  const [row] = await db().select({ n: count() }).from(messages).where(eq(messages.liftId, liftId));
  return row?.n ?? 0;
}
async function receiptCount(imei: string) {
  const [row] = await db().select({ n: count() }).from(deviceReceipts).where(eq(deviceReceipts.imei, imei));
  return row?.n ?? 0;
}
async function liftRow(id: string) {
  const [row] = await db().select().from(lifts).where(eq(lifts.id, id));
  if (!row) throw new Error('no lift');
  return row;
}

describe('device handshake', () => {
  it('refuses a wrong key and an unknown imei, and logs the refusal once per imei', async () => {
    const lift = await insertLiftWithKey(db());
    const wrong = controller(lift.imei, `${lift.key}x`);
    await expect(wrong.connect()).rejects.toThrow(DEVICE_AUTH_ERROR);
    const again = controller(lift.imei, 'another-wrong-key-0000');
    await expect(again.connect()).rejects.toThrow(DEVICE_AUTH_ERROR);
    const unknown = controller(testImei('35888'), lift.key);
    await expect(unknown.connect()).rejects.toThrow(DEVICE_AUTH_ERROR);

    await vi.waitFor(async () => {
      const rows = await db()
        .select()
        .from(logs)
        .where(and(eq(logs.event, 'device.refused'), eq(logs.imei, lift.imei)));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.level).toBe('warn');
    });
  });

  it('accepts the right key, marks the lift online, and offline after it left', async () => {
    const lift = await insertLiftWithKey(db());
    const c = controller(lift.imei, lift.key);
    await c.connect();
    await vi.waitFor(async () => expect((await liftRow(lift.id)).online).toBe(true));
    const dev = await t.authHeaders('dev');
    const listed = await t.app.inject({ method: 'GET', url: '/api/devices/connected', headers: dev });
    expect(listed.json().map((entry: { imei: string }) => entry.imei)).toContain(lift.imei);
    c.close();
    await vi.waitFor(async () => expect((await liftRow(lift.id)).online).toBe(false));
    await vi.waitFor(async () => {
      const rows = await db().select().from(logs).where(eq(logs.imei, lift.imei));
      expect(rows.map((row) => row.event)).toEqual(
        expect.arrayContaining(['device.connected', 'device.disconnected']),
      );
    });
  });
});

describe('readings', () => {
  it('answers ok:false to an invalid reading and stores nothing', async () => {
    const lift = await insertLiftWithKey(db());
    const c = controller(lift.imei, lift.key);
    await c.connect();
    expect(await c.sendRaw('stats', { seq: 1, ts: 'soon', trips: 1, operatingHours: 0 })).toMatchObject({
      ok: false,
      seq: 1,
    });
    expect(
      await c.sendRaw('event', { seq: 2, ts: Date.now(), code: 1, type: 'warning', active: true }),
    ).toMatchObject({
      ok: false,
      seq: 2,
    });
    expect(
      await c.sendRaw('stats', { seq: 3, ts: 8_000_000_000_000_000, trips: 1, operatingHours: 0 }),
    ).toMatchObject({
      ok: false,
    });
    expect(await messageCount(lift.id)).toBe(0);
  });

  it('refuses a reading dated outside the window around the server clock, with the reason', async () => {
    const lift = await insertLiftWithKey(db());
    const c = controller(lift.imei, lift.key);
    await c.connect();
    const day = 24 * 60 * 60 * 1000;
    const refused = { ok: false, error: MSG.readingTimeOutOfRange };
    // Defaults: 30 days back, 24 hours ahead (server/config.ts).
    expect(
      await c.sendRaw('stats', { seq: 1, ts: Date.now() + 2 * day, trips: 1, operatingHours: 0 }),
    ).toMatchObject({ ...refused, seq: 1 });
    expect(
      await c.sendRaw('stats', { seq: 2, ts: Date.now() - 31 * day, trips: 1, operatingHours: 0 }),
    ).toMatchObject({ ...refused, seq: 2 });
    expect(await c.sendRaw('stats', { seq: 3, ts: 0, trips: 1, operatingHours: 0 })).toMatchObject({
      ok: false,
      seq: 3,
    });
    expect(await messageCount(lift.id)).toBe(0);
    expect(
      await c.sendRaw('stats', { seq: 4, ts: Date.now() - 29 * day, trips: 1, operatingHours: 0 }),
    ).toEqual({
      ok: true,
      seq: 4,
    });
    expect(await messageCount(lift.id)).toBe(1);
  });

  it('stores the same seq once and acknowledges it again', async () => {
    const lift = await insertLiftWithKey(db());
    const c = controller(lift.imei, lift.key);
    await c.connect();
    const reading = { seq: 7, ts: Date.now(), trips: 3, operatingHours: 1 };
    expect(await c.sendRaw('stats', reading)).toEqual({ ok: true, seq: 7 });
    expect(await c.sendRaw('stats', reading)).toEqual({ ok: true, seq: 7 });
    const both = await Promise.all([c.sendRaw('stats', reading), c.sendRaw('stats', { ...reading, seq: 8 })]);
    expect(both).toEqual([
      { ok: true, seq: 7 },
      { ok: true, seq: 8 },
    ]);
    expect(await messageCount(lift.id)).toBe(2);
    expect(await receiptCount(lift.imei)).toBe(2);
  });

  it('acknowledges only what is committed: the row is visible when the ack arrives', async () => {
    const lift = await insertLiftWithKey(db());
    const c = controller(lift.imei, lift.key);
    await c.connect();
    const seen: boolean[] = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const answer = await c.sendRaw('stats', {
          seq: i + 1,
          ts: Date.now(),
          trips: i + 1,
          operatingHours: i,
        });
        expect(answer).toEqual({ ok: true, seq: i + 1 });
        const rows = await db()
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.liftId, lift.id), eq(messages.trips, i + 1)));
        return rows.length === 1;
      }),
    );
    expect(seen.every(Boolean)).toBe(true);
  });

  it('resends what was not acknowledged after a reconnect, without duplicates', async () => {
    const lift = await insertLiftWithKey(db());
    const c = controller(lift.imei, lift.key);
    await c.connect();
    for (let i = 0; i < 10; i++) c.ride();
    c.drop(); // some acks are lost with the connection
    for (let i = 0; i < 10; i++) c.ride(); // queued while offline
    await c.resume();
    c.resend(); // and once more on top: the server must not store anything twice
    await c.idle();
    expect(c.acked.size).toBe(20);
    expect(await messageCount(lift.id)).toBe(20);
    expect(await receiptCount(lift.imei)).toBe(20);
    expect((await liftRow(lift.id)).trips).toBe(20);
  });

  it('derives trips, hours, current error and broken time; counters never go backwards', async () => {
    const lift = await insertLiftWithKey(db(), { maxTrips: 100 });
    const c = controller(lift.imei, lift.key);
    await c.connect();
    // Within the accepted window around the server's clock (an hour ago, on a whole second).
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 60 * 60 * 1000;
    c.sendStats({ ts: t0, trips: 120, operatingHours: 12.5 });
    c.sendStats({ ts: t0 - 1000, trips: 90, operatingHours: 10 }); // an older reading, resent late
    c.sendEvent({ ts: t0 + 1000, code: 101, type: 'error', active: true, floor: 2 });
    c.sendEvent({ ts: t0 + 2000, code: 102, type: 'error', active: true });
    c.sendEvent({ ts: t0 + 3000, code: 500, type: 'info', active: true });
    await c.idle();
    let row = await liftRow(lift.id);
    expect(row.trips).toBe(120);
    expect(row.operatingHours).toBe(12.5);
    expect(row.activeErrors.map((e) => e.code)).toEqual([101, 102]);
    expect(row.brokenSince?.getTime()).toBe(t0 + 1000);

    c.sendEvent({ ts: t0 + 61_000, code: 101, type: 'error', active: false });
    await c.idle();
    row = await liftRow(lift.id);
    expect(row.activeErrors.map((e) => e.code)).toEqual([102]);
    expect(row.brokenMs).toBe(0);

    c.sendEvent({ ts: t0 + 121_000, code: 102, type: 'error', active: false });
    await c.idle();
    row = await liftRow(lift.id);
    expect(row.activeErrors).toEqual([]);
    expect(row.brokenSince).toBeNull();
    expect(row.brokenMs).toBe(120_000);
    expect(row.lastSeenAt).not.toBeNull(); // the server's time of the last reading

    const stored = await db().select().from(messages).where(eq(messages.liftId, lift.id));
    expect(stored).toHaveLength(7);
    expect(stored.find((m) => m.kind === 'info')).toMatchObject({
      code: 500,
      active: true,
      year: new Date(t0 + 3000).getUTCFullYear(),
    });
    expect(stored.find((m) => m.code === 101 && m.active)).toMatchObject({ kind: 'error', floor: 2 });
  });

  it('stores reported parameters on the lift and bumps its version', async () => {
    const lift = await insertLiftWithKey(db());
    const before = await liftRow(lift.id);
    const c = controller(lift.imei, lift.key);
    await c.connect();
    c.sendParams({
      general: { ...c.parameters.general, nennlast: 630 },
      stops: c.parameters.stops,
      door: c.parameters.door,
    });
    await c.idle();
    const after = await liftRow(lift.id);
    expect(after.parameters.general.nennlast).toBe(630);
    expect(after.version).toBeGreaterThan(before.version);
  });
});

describe('live lift state', () => {
  it("reaches the assigned customer's socket and staff, never a user outside the lift's scope", async () => {
    const customer = (await t.signInAs('customer')).user;
    const serviceMan = (await t.signInAs('service_man')).user;
    const own = await insertLiftWithKey(db(), { customers: [customer.id] });
    // Due after 100 trips from its first reading (docs/maintenance.md).
    await db().insert(maintenancePlans).values({ liftId: own.id, everyTrips: 100 });
    const other = await insertLiftWithKey(db(), { servicemen: [serviceMan.id] });
    const customerSocket = await userSocket('customer');
    const serviceSocket = await userSocket('service_man');
    const adminSocket = await userSocket('admin');

    const c = controller(own.imei, own.key);
    await c.connect();
    c.sendStats({ trips: 10, operatingHours: 2 });
    c.sendStats({ trips: 120, operatingHours: 3 });
    c.sendEvent({ code: 101, type: 'error', active: true });
    await c.idle();
    await vi.waitFor(() => {
      const seen = customerSocket.received.filter((lift) => lift.id === own.id).at(-1);
      expect(seen?.stats.trips).toBe(120);
      expect(seen?.state).toMatchObject({ online: true, maintenanceDue: true, currentError: { code: 101 } });
    });
    await vi.waitFor(() => expect(adminSocket.received.some((lift) => lift.id === own.id)).toBe(true));

    // The service man's own lift changes after that: its update arrives after any of the first.
    const d = controller(other.imei, other.key);
    await d.connect();
    d.sendStats({ trips: 1, operatingHours: 0 });
    await d.idle();
    await vi.waitFor(() => expect(serviceSocket.received.some((lift) => lift.id === other.id)).toBe(true));
    expect(serviceSocket.received.some((lift) => lift.id === own.id)).toBe(false);
    expect(customerSocket.received.some((lift) => lift.id === other.id)).toBe(false);
  });

  it("sends each committed reading as lift:message to the lift's users and staff, nobody else", async () => {
    const customer = (await t.signInAs('customer')).user;
    const serviceMan = (await t.signInAs('service_man')).user;
    const own = await insertLiftWithKey(db(), { customers: [customer.id] });
    const other = await insertLiftWithKey(db(), { servicemen: [serviceMan.id] });
    const readingsOf = async (role: Role) => {
      const { socket } = await userSocket(role);
      const got: Message[] = [];
      socket.on('lift:message', (message) => got.push(message));
      return got;
    };
    const customerGot = await readingsOf('customer');
    const serviceGot = await readingsOf('service_man');
    const adminGot = await readingsOf('admin');

    const c = controller(own.imei, own.key);
    await c.connect();
    const ts = Date.now() - 60_000;
    c.sendEvent({ code: 205, type: 'error', active: true, floor: 3, ts });
    c.sendStats({ trips: 7, operatingHours: 1.5, ts: ts + 1 });
    await c.idle();
    await vi.waitFor(() => expect(customerGot.filter((m) => m.liftId === own.id)).toHaveLength(2));
    const event = customerGot.find((m) => m.liftId === own.id && m.kind === 'error');
    expect(event).toMatchObject({
      liftId: own.id,
      kind: 'error',
      code: 205,
      active: true,
      floor: 3,
      at: new Date(ts).toISOString(),
      isNotes: false,
      notes: null,
    });
    expect(customerGot.find((m) => m.liftId === own.id && m.kind === 'stats')).toMatchObject({
      trips: 7,
      operatingHours: 1.5,
    });
    // The row is the one the API answers.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/messages/getDetailedMsgs?liftId=${own.id}`,
      headers: await t.authHeaders('customer'),
    });
    expect(listed.json().messages).toEqual([event]);
    await vi.waitFor(() => expect(adminGot.filter((m) => m.liftId === own.id)).toHaveLength(2));

    // A reading of the service man's own lift comes later: once it is there, any of the first is.
    const d = controller(other.imei, other.key);
    await d.connect();
    d.sendEvent({ code: 1, type: 'info', active: true });
    await d.idle();
    await vi.waitFor(() => expect(serviceGot.some((m) => m.liftId === other.id)).toBe(true));
    expect(serviceGot.some((m) => m.liftId === own.id)).toBe(false);
    expect(customerGot.some((m) => m.liftId === other.id)).toBe(false);

    // Notes written through REST go out the same way (the messages route calls this). In one flush
    // they leave in order: the service man's own reading comes after the one he must not get.
    const noted = {
      ...event!,
      isNotes: true,
      notes: { title: 'Door', notes: 'fixed', urls: [] },
      version: 2,
    };
    const his = serviceGot.find((m) => m.liftId === other.id)!;
    t.app.liveLifts.message([noted, { ...his, version: 2 }]);
    await vi.waitFor(() => expect(customerGot.at(-1)).toEqual(noted));
    await vi.waitFor(() => expect(adminGot.some((m) => m.id === noted.id && m.version === 2)).toBe(true));
    await vi.waitFor(() => expect(serviceGot.some((m) => m.id === his.id && m.version === 2)).toBe(true));
    expect(serviceGot.some((m) => m.id === noted.id)).toBe(false);
  });

  it('tells a user who loses sight of a lift, and everyone when it is deleted', async () => {
    const customer = (await t.signInAs('customer')).user;
    const serviceMan = (await t.signInAs('service_man')).user;
    const lift = await insertLiftWithKey(db(), { customers: [customer.id], servicemen: [serviceMan.id] });
    const removedFor = async (role: Role) => {
      const { socket } = await userSocket(role);
      const removed: string[] = [];
      socket.on('lift:removed', ({ id }) => removed.push(id));
      return removed;
    };
    const [customerRemoved, serviceRemoved, adminRemoved] = await Promise.all(
      (['customer', 'service_man', 'admin'] as const).map(removedFor),
    );
    const admin = await t.authHeaders('admin');

    const unassign = await t.app.inject({
      method: 'PUT',
      url: `/api/lifts/${lift.id}`,
      headers: admin,
      payload: { servicemen: [] },
    });
    expect(unassign.statusCode).toBe(200);
    await vi.waitFor(() => expect(serviceRemoved).toEqual([lift.id]));
    expect(customerRemoved).toEqual([]);

    const remove = await t.app.inject({
      method: 'POST',
      url: '/api/lifts/deleteByIds',
      headers: admin,
      payload: { ids: [lift.id] },
    });
    expect(remove.statusCode).toBe(200);
    await vi.waitFor(() => expect(customerRemoved).toEqual([lift.id]));
    await vi.waitFor(() => expect(adminRemoved).toEqual([lift.id]));
    expect(serviceRemoved).toEqual([lift.id]);
  });

  it('tells devs which controllers are connected and shows them the traffic', async () => {
    const dev = await userSocket('dev');
    const controllersSeen: string[][] = [];
    const traffic: string[] = [];
    dev.socket.on('controllers', (list) => controllersSeen.push(list.map((entry) => entry.imei)));
    dev.socket.on('device:traffic', (entry) =>
      traffic.push(`${entry.imei}:${entry.direction}:${entry.event}`),
    );
    // Traffic goes out only once presence knows a dev is online (read at most once a second).
    await vi.waitFor(async () => expect((await t.app.presence.audience()).devs).toBe(true));
    const lift = await insertLiftWithKey(db());
    const c = controller(lift.imei, lift.key);
    await c.connect();
    c.sendStats({ trips: 1, operatingHours: 0 });
    await c.idle();
    await vi.waitFor(() => expect(controllersSeen.some((list) => list.includes(lift.imei))).toBe(true));
    await vi.waitFor(() => expect(traffic).toContain(`${lift.imei}:in:stats`));
  });
});

describe('server to controller', () => {
  it('sends parameters and commands and answers the acknowledgement', async () => {
    const lift = await insertLiftWithKey(db());
    const c = controller(lift.imei, lift.key);
    await c.connect();
    const admin = await t.authHeaders('admin');
    const parameters = { general: { anzahlHaltestellen: 6 }, door: { tueroeffnungszeit: 3 } };
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/params`,
      headers: admin,
      payload: parameters,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ok: true });
    expect(c.parameters.general.anzahlHaltestellen).toBe(6);
    expect((await liftRow(lift.id)).parameters.door.tueroeffnungszeit).toBe(3);

    const command = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/command`,
      headers: admin,
      payload: { name: 'testAlarm' },
    });
    expect(command.json()).toEqual({ ok: true });
    expect(c.commands).toEqual([{ name: 'testAlarm' }]);

    c.answer = () => ({ ok: false, error: 'busy' });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/command`,
      headers: admin,
      payload: { name: 'reboot' },
    });
    expect(refused.json()).toEqual({ ok: false, error: 'busy' });

    const sentLogs = await db()
      .select()
      .from(logs)
      .where(and(eq(logs.imei, lift.imei), eq(logs.event, 'device.command')));
    expect(sentLogs).toHaveLength(2);
  });

  it('answers offline and timeout, refuses non-admins and unknown lifts', async () => {
    const lift = await insertLiftWithKey(db());
    const admin = await t.authHeaders('admin');
    const offline = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/command`,
      headers: admin,
      payload: { name: 'reboot' },
    });
    expect(offline.json()).toEqual({ ok: false, error: MSG.deviceOffline });
    // Parameters are saved even when the controller is away.
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/params`,
      headers: admin,
      payload: { general: { nennlast: 1000 } },
    });
    expect(saved.json()).toEqual({ ok: false, error: MSG.deviceOffline });
    expect((await liftRow(lift.id)).parameters.general.nennlast).toBe(1000);

    const c = controller(lift.imei, lift.key);
    await c.connect();
    c.answer = () => null; // never answers
    const silent = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/command`,
      headers: admin,
      payload: { name: 'reboot' },
    });
    expect(silent.json()).toEqual({ ok: false, error: MSG.deviceTimeout });

    const customer = await t.authHeaders('customer');
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/command`,
      headers: customer,
      payload: { name: 'reboot' },
    });
    expect(forbidden.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/lifts/00000000-0000-4000-8000-000000000000/command',
      headers: admin,
      payload: { name: 'reboot' },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/command`,
      headers: admin,
      payload: { name: 'selfDestruct' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('demo mode', () => {
  it('drives in-process virtual controllers for the first lifts, with keys rotated in the database', async () => {
    await insertLiftWithKey(db());
    await insertLiftWithKey(db());
    const demo = await startDemoControllers(db(), baseUrl, 2, { intervalMs: 20 });
    try {
      expect(demo.controllers).toHaveLength(2);
      await vi.waitFor(() => expect(demo.controllers.every((c) => c.acked.size >= 3)).toBe(true), {
        timeout: 15_000,
      });
    } finally {
      demo.stop();
    }
  });
});

describe('server restart in the middle of a burst', () => {
  it('stores every seq exactly once and loses nothing acknowledged', async () => {
    const database = await createTestDatabase();
    let first: TestApp | undefined = await createTestApp({}, database);
    let second: TestApp | undefined;
    try {
      const url = await first.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (first.app.server.address() as AddressInfo).port;
      const lift = await insertLiftWithKey(first.app.db);
      const c = controller(lift.imei, lift.key, url, true);
      await c.connect();
      const total = 300;
      for (let i = 0; i < total / 2; i++) c.ride();
      const closing = first.app.close();
      for (let i = total / 2; i < total; i++) c.ride();
      await closing;
      first = undefined;
      second = await createTestApp({}, database);
      await second.app.listen({ port, host: '127.0.0.1' });
      await c.idle();
      expect(c.acked.size).toBe(total);
      expect(c.connects).toBeGreaterThanOrEqual(2);
      const db2 = second.app.db;
      const [stored] = await db2.select({ n: count() }).from(messages).where(eq(messages.liftId, lift.id));
      const [receipts] = await db2
        .select({ n: count() })
        .from(deviceReceipts)
        .where(eq(deviceReceipts.imei, lift.imei));
      expect(stored?.n).toBe(total);
      expect(receipts?.n).toBe(total);
      const [row] = await db2.select({ trips: lifts.trips }).from(lifts).where(eq(lifts.id, lift.id));
      expect(row?.trips).toBe(total);
    } finally {
      for (const c of controllers.splice(0)) c.close();
      await first?.app.close();
      await second?.app.close();
      await database.dispose();
    }
  });
});
