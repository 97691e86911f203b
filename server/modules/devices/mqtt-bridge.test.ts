import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_AUTH_ERROR, EMERGENCY_CALL_CODES } from '../../../contract/device';
import { MSG } from '../../../contract/messages';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { adminSendsToController } from '../../../tests/server/helpers/controller-requests';
import { mosquittoMissing, startBroker, type TestBroker } from '../../../tests/server/helpers/mosquitto';
import { alarms } from '../../db/schema/alarms';
import { deviceReceipts } from '../../db/schema/devices';
import { lifts } from '../../db/schema/lifts';
import { logs } from '../../db/schema/logs';
import { messages } from '../../db/schema/messages';
import { MqttController } from '../../demo/mqtt-controller';
import { insertLiftWithKey, testImei } from './device-test-kit';

/**
 * The MQTT bridge against a real Mosquitto of this file's own (anonymous access; the accounts of
 * dynamic security are mqtt-bridge-dynsec.test.ts's), on PGlite and on PostgreSQL.
 */
if (mosquittoMissing)
  console.warn('MQTT bridge tests skipped: the mosquitto binary is not installed (MOSQUITTO_BIN)');

describe.skipIf(mosquittoMissing)('MQTT bridge', () => {
  let broker: TestBroker;
  let t: TestApp;
  const controllers: MqttController[] = [];

  beforeAll(async () => {
    broker = await startBroker();
    t = await createTestApp({ MQTT_URL: broker.url });
  });
  afterEach(async () => {
    await Promise.all(controllers.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t?.close();
    await broker?.close();
  });

  const db = () => t.app.db;
  async function controllerFor(lift: { imei: string; key: string }, protocolVersion: 4 | 5 = 5) {
    const c = new MqttController({
      imei: lift.imei,
      key: lift.key,
      url: broker.plainUrl,
      ackTimeoutMs: 20_000,
      protocolVersion,
    });
    controllers.push(c);
    await c.connect();
    return c;
  }
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

  it('stores a reading once and acknowledges it on lifts/{imei}/ack after the commit', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await controllerFor(lift);
    const answer = await c.sendRaw('stats', { seq: 5, ts: Date.now(), trips: 42, operatingHours: 3.5 }, 5);
    expect(answer).toEqual({ ok: true, seq: 5 });
    // Visible at once when the acknowledgement arrives: it was committed before.
    const rows = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.liftId, lift.id), eq(messages.trips, 42)));
    expect(rows).toHaveLength(1);
    expect((await liftRow(lift.id)).trips).toBe(42);
  });

  it('acknowledges a resent seq again without storing it twice', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await controllerFor(lift);
    const reading = { seq: 7, ts: Date.now(), trips: 3, operatingHours: 1 };
    expect(await c.sendRaw('stats', reading, 7)).toEqual({ ok: true, seq: 7 });
    expect(await c.sendRaw('stats', reading, 7)).toEqual({ ok: true, seq: 7 });
    expect(await messageCount(lift.id)).toBe(1);
    expect(await receiptCount(lift.imei)).toBe(1);
  });

  it('takes what the controller resends after a reconnect, once', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await controllerFor(lift);
    const first = c.sendStats({ trips: 1, operatingHours: 0 });
    await c.idle();
    c.drop();
    await vi.waitFor(() => expect(c.connected).toBe(false));
    // Kept in the outbox while offline, published after the reconnect with the same seq.
    const offline = c.sendStats({ trips: 2, operatingHours: 0 });
    await c.idle();
    expect(c.connects).toBeGreaterThan(1);
    expect([...c.acked]).toEqual([first, offline]);
    expect(await messageCount(lift.id)).toBe(2);
  });

  it('answers a bad payload with ok:false and stores nothing', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await controllerFor(lift);
    expect(await c.sendRaw('stats', '{not json', null)).toEqual({
      ok: false,
      seq: null,
      error: MSG.invalidValue,
    });
    expect(await c.sendRaw('stats', { seq: 1, ts: 'soon', trips: 1, operatingHours: 0 }, 1)).toEqual({
      ok: false,
      seq: 1,
      error: MSG.invalidValue,
    });
    expect(
      await c.sendRaw('event', { seq: 2, ts: Date.now(), code: 1, type: 'warning', active: true }, 2),
    ).toMatchObject({ ok: false, seq: 2 });
    expect(
      await c.sendRaw(
        'stats',
        { seq: 3, ts: Date.now() + 3 * 24 * 3_600_000, trips: 1, operatingHours: 0 },
        3,
      ),
    ).toEqual({ ok: false, seq: 3, error: MSG.readingTimeOutOfRange });
    expect(await messageCount(lift.id)).toBe(0);
    // The bridge lives on: a good reading still goes through.
    expect(await c.sendRaw('stats', { seq: 4, ts: Date.now(), trips: 1, operatingHours: 0 }, 4)).toEqual({
      ok: true,
      seq: 4,
    });
  });

  it('answers an unknown imei with the handshake refusal and logs it', async () => {
    const imei = testImei('35887');
    const c = await controllerFor({ imei, key: 'no-such-lift-key-000' });
    expect(await c.sendRaw('stats', { seq: 1, ts: Date.now(), trips: 1, operatingHours: 0 }, 1)).toEqual({
      ok: false,
      seq: 1,
      error: DEVICE_AUTH_ERROR,
    });
    expect(await receiptCount(imei)).toBe(0);
    await vi.waitFor(async () => {
      const rows = await db()
        .select()
        .from(logs)
        .where(and(eq(logs.event, 'device.refused'), eq(logs.imei, imei)));
      expect(rows).toHaveLength(1);
    });
  });

  it('opens the alarm of an error event and updates the lift, as socket readings do', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await controllerFor(lift);
    const raised = c.sendEvent({ code: 7, type: 'error', active: true, floor: 2 });
    await c.idle();
    expect(c.acked.has(raised)).toBe(true);
    expect((await liftRow(lift.id)).activeErrors.map((error) => error.code)).toEqual([7]);
    const opened = await db().select().from(alarms).where(eq(alarms.liftId, lift.id));
    expect(opened.map((alarm) => [alarm.kind, alarm.code, alarm.closedAt])).toEqual([['error', 7, null]]);
    c.sendEvent({ code: 7, type: 'error', active: false });
    await c.idle();
    expect((await liftRow(lift.id)).activeErrors).toEqual([]);
  });

  it('takes the emergency call and the line test as socket readings do: their alarms open and close', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await controllerFor(lift);
    const { lineTest, call } = EMERGENCY_CALL_CODES;
    c.sendEvent({ code: call, type: 'info', active: true, floor: 1 });
    c.sendEvent({ code: lineTest, type: 'info', active: true, result: 'failed' });
    await c.idle();
    const kinds = async () =>
      (await db().select().from(alarms).where(eq(alarms.liftId, lift.id)))
        .map((alarm) => [alarm.kind, alarm.floor, alarm.closedAt === null] as const)
        .sort();
    expect(await kinds()).toEqual([
      ['emergencyCall', 1, true],
      ['lineTestOverdue', null, true],
    ]);
    c.sendEvent({ code: call, type: 'info', active: false });
    c.sendEvent({ code: lineTest, type: 'info', active: true, result: 'ok' });
    await c.idle();
    expect(await kinds()).toEqual([
      ['emergencyCall', 1, false],
      ['lineTestOverdue', null, false],
    ]);
    // A line test without its result is refused on this path too.
    expect(
      await c.sendRaw('event', { seq: 900, ts: Date.now(), code: lineTest, type: 'info', active: true }, 900),
    ).toEqual({ ok: false, seq: 900, error: MSG.invalidValue });
    await t.app.alarms.settled();
  });

  it('counts a controller online from its retained status, and offline from its Last Will', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await controllerFor(lift);
    await vi.waitFor(async () => expect((await liftRow(lift.id)).online).toBe(true));
    const dev = await t.authHeaders('dev');
    const listed = await t.app.inject({ method: 'GET', url: '/api/devices/connected', headers: dev });
    expect(listed.json().map((entry: { imei: string }) => entry.imei)).toContain(lift.imei);
    c.drop(); // no clean goodbye: the broker publishes the Last Will
    await vi.waitFor(async () => expect((await liftRow(lift.id)).online).toBe(false), { timeout: 10_000 });
    await vi.waitFor(async () => {
      const rows = await db().select().from(logs).where(eq(logs.imei, lift.imei));
      expect(rows.map((row) => row.event)).toEqual(
        expect.arrayContaining(['device.connected', 'device.disconnected']),
      );
    });
  });

  /** Waits until `app` heard the controller's retained `online` (every process reads the status). */
  async function heardOnline(app: TestApp['app'], imei: string) {
    await vi.waitFor(() => expect(app.devices.isConnected(imei)).toBe(true));
  }
  const post = (app: TestApp['app'], liftId: string, what: 'params' | 'command', payload: object) =>
    adminSendsToController(t, app, liftId, what, payload);

  it('sends parameters and commands to an MQTT controller and answers its reply', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await controllerFor(lift);
    await heardOnline(t.app, lift.imei);
    const parameters = { general: { anzahlHaltestellen: 7 }, door: { tueroeffnungszeit: 4 } };
    expect(await post(t.app, lift.id, 'params', parameters)).toEqual({ ok: true });
    expect(c.parameters.general.anzahlHaltestellen).toBe(7);
    expect(c.parameters.door.tueroeffnungszeit).toBe(4);
    expect((await liftRow(lift.id)).parameters.general.anzahlHaltestellen).toBe(7);

    expect(await post(t.app, lift.id, 'command', { name: 'testAlarm' })).toEqual({ ok: true });
    // resendParams: the controller answers and sends its parameters as a reading.
    expect(await post(t.app, lift.id, 'command', { name: 'resendParams' })).toEqual({ ok: true });
    expect(c.commands).toEqual([{ name: 'testAlarm' }, { name: 'resendParams' }]);
    await c.idle();
    expect(c.acked.size).toBe(1);

    c.answer = () => ({ ok: false, error: 'door open' });
    expect(await post(t.app, lift.id, 'command', { name: 'reboot' })).toEqual({
      ok: false,
      error: 'door open',
    });
    const sent = await db()
      .select({ event: logs.event, details: logs.details })
      .from(logs)
      .where(and(eq(logs.imei, lift.imei), eq(logs.event, 'device.command')));
    expect(sent).toHaveLength(3);
  });

  it('answers an MQTT 3.1.1 controller by the id in the JSON', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await controllerFor(lift, 4);
    await heardOnline(t.app, lift.imei);
    c.answer = (event) => (event === 'command' ? { ok: false, error: 'not now' } : { ok: true });
    expect(await post(t.app, lift.id, 'params', { general: { nennlast: 630 } })).toEqual({ ok: true });
    expect(c.parameters.general.nennlast).toBe(630);
    expect(await post(t.app, lift.id, 'command', { name: 'reboot' })).toEqual({
      ok: false,
      error: 'not now',
    });
  });

  it('answers offline without a controller, timeout without a reply, offline when it drops', async () => {
    const lift = await insertLiftWithKey(db());
    expect(await post(t.app, lift.id, 'command', { name: 'reboot' })).toEqual({
      ok: false,
      error: MSG.deviceOffline,
    });
    const c = await controllerFor(lift);
    await heardOnline(t.app, lift.imei);
    c.answer = () => null;
    expect(await post(t.app, lift.id, 'command', { name: 'reboot' })).toEqual({
      ok: false,
      error: MSG.deviceTimeout,
    });
    expect(c.commands).toEqual([{ name: 'reboot' }]);
    // Its Last Will ends the wait: the request went with its session.
    c.answer = () => {
      c.drop();
      return null;
    };
    expect(await post(t.app, lift.id, 'command', { name: 'testAlarm' })).toEqual({
      ok: false,
      error: MSG.deviceOffline,
    });
  });

  it('splits the readings between two portals on one database, storing each once', async () => {
    const second = await createTestApp({ MQTT_URL: broker.url }, t.database);
    try {
      const taken = [t.app, second.app].map((app) => vi.spyOn(app.devices, 'accept'));
      const fleet = await Promise.all(
        Array.from({ length: 8 }, async () => controllerFor(await insertLiftWithKey(db()))),
      );
      for (let round = 0; round < 25; round++) for (const c of fleet) c.ride();
      await Promise.all(fleet.map((c) => c.idle()));
      for (const c of fleet) expect(c.acked.size).toBe(25);
      const counts = await Promise.all(
        fleet.map(async (c) => {
          const [lift] = await db().select({ id: lifts.id }).from(lifts).where(eq(lifts.imei, c.imei));
          return messageCount(lift?.id ?? '');
        }),
      );
      expect(counts).toEqual(fleet.map(() => 25));
      const [first, other] = taken.map((spy) => spy.mock.calls.length);
      // Each reading went to one portal only (none is resent here: 200 in all), and both got some.
      expect((first ?? 0) + (other ?? 0)).toBe(200);
      expect(first).toBeGreaterThan(0);
      expect(other).toBeGreaterThan(0);
      console.info(`shared subscription: portal A took ${first}, portal B took ${other} of 200 readings`);
    } finally {
      await second.close();
    }
  });

  it('brings each reply to the portal process that sent the request', async () => {
    const second = await createTestApp({ MQTT_URL: broker.url }, t.database);
    try {
      const lift = await insertLiftWithKey(db());
      const c = await controllerFor(lift);
      await Promise.all([heardOnline(t.app, lift.imei), heardOnline(second.app, lift.imei)]);
      // Each answer names the request it answers: a reply taken by the wrong process would show.
      c.answer = (_event, payload) => ({
        ok: false,
        error: `ran ${(payload as { args?: { n?: number } }).args?.n}`,
      });
      const apps = [t.app, second.app];
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          post(apps[n % 2] as TestApp['app'], lift.id, 'command', { name: 'testAlarm', args: { n } }),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 6 }, (_, n) => ({ ok: false, error: `ran ${n}` })));
      expect(c.commands).toHaveLength(6);
    } finally {
      await second.close();
    }
  });
});
