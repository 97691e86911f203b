import { count, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MQTT_READING_KINDS, mqttTopic } from '../../../contract/device';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { adminSendsToController } from '../../../tests/server/helpers/controller-requests';
import {
  dynsecPlugin,
  mosquittoMissing,
  startBroker,
  type TestBroker,
} from '../../../tests/server/helpers/mosquitto';
import { deviceReceipts } from '../../db/schema/devices';
import { lifts } from '../../db/schema/lifts';
import { users } from '../../db/schema/users';
import { MqttController } from '../../demo/mqtt-controller';
import { insertLiftWithKey, testImei } from './device-test-kit';

/**
 * MQTT_DYNSEC=1: the bridge keeps one Mosquitto dynamic-security account per lift (username imei,
 * password device key), so the broker itself refuses a wrong key and another lift's topics.
 */
const skip = mosquittoMissing || !dynsecPlugin();
if (skip)
  console.warn('MQTT dynamic-security tests skipped: mosquitto or its dynamic-security plugin is missing');

describe.skipIf(skip)('MQTT bridge with dynamic security', () => {
  let broker: TestBroker;
  let t: TestApp;
  const controllers: MqttController[] = [];

  beforeAll(async () => {
    broker = await startBroker({ dynsec: true });
    t = await createTestApp({ MQTT_URL: broker.url, MQTT_DYNSEC: '1' });
  });
  afterEach(async () => {
    await Promise.all(controllers.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await t?.close();
    await broker?.close();
  });

  function controller(imei: string, key: string) {
    const c = new MqttController({ imei, key, url: broker.plainUrl, ackTimeoutMs: 20_000 });
    controllers.push(c);
    return c;
  }

  async function register(): Promise<{ id: string; imei: string; deviceKey: string }> {
    const admin = await t.authHeaders('admin');
    const [customer] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'customer'))
      .limit(1);
    const imei = testImei('35886');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/lifts/register',
      headers: admin,
      payload: {
        uid: `MQ-${imei.slice(-6)}`,
        address: 'Brokerweg 1, Berlin',
        imei,
        customers: [customer?.id],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const post = (app: TestApp['app'], liftId: string, what: 'params' | 'command', payload: object) =>
    adminSendsToController(t, app, liftId, what, payload);

  /** Dynamic-security commands as the broker's admin (the portal's account in these tests). */
  async function adminControl(commands: Record<string, unknown>[]) {
    const admin = await mqtt.connectAsync(broker.url, { protocolVersion: 5, reconnectPeriod: 0 });
    try {
      await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response', { qos: 1 });
      const answered = new Promise<{ command: string; error?: string; data?: unknown }[]>((resolve) =>
        admin.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString('utf8')).responses)),
      );
      await admin.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands }), { qos: 1 });
      return await answered;
    } finally {
      await admin.endAsync(true);
    }
  }

  async function receipts(imei: string) {
    const [row] = await t.app.db
      .select({ n: count() })
      .from(deviceReceipts)
      .where(eq(deviceReceipts.imei, imei));
    return row?.n ?? 0;
  }

  it('lets a registered lift in with its device key, and the broker refuses a wrong key', async () => {
    const lift = await register();
    const c = controller(lift.imei, lift.deviceKey);
    await c.connect();
    expect(await c.sendRaw('stats', { seq: 1, ts: Date.now(), trips: 1, operatingHours: 0 }, 1)).toEqual({
      ok: true,
      seq: 1,
    });
    await expect(controller(lift.imei, `${lift.deviceKey}x`).connect()).rejects.toThrow(/not authori[sz]ed/i);
    await expect(controller(testImei('35885'), lift.deviceKey).connect()).rejects.toThrow(
      /not authori[sz]ed/i,
    );
  });

  it('lets a controller publish to its own topics only', async () => {
    const [own, other] = [await register(), await register()];
    // The other lift's controller is not even connected: the broker alone must keep it apart.
    const client = await mqtt.connectAsync(broker.plainUrl, {
      protocolVersion: 5,
      clientId: own.imei,
      username: own.imei,
      password: own.deviceKey,
      reconnectPeriod: 0,
    });
    try {
      await expect(
        client.publishAsync(
          mqttTopic(other.imei, 'stats'),
          JSON.stringify({ seq: 1, ts: Date.now(), trips: 9, operatingHours: 0 }),
          { qos: 1 },
        ),
      ).rejects.toThrow(/not authori[sz]ed/i);
    } finally {
      await client.endAsync(true);
    }
    expect(await receipts(other.imei)).toBe(0);
  });

  it('changes the account with a rotated key and removes it with the lift', async () => {
    const lift = await register();
    const old = controller(lift.imei, lift.deviceKey);
    await old.connect();
    const admin = await t.authHeaders('admin');
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/device-key`,
      headers: admin,
    });
    expect(rotated.statusCode).toBe(200);
    const { deviceKey } = rotated.json<{ deviceKey: string }>();
    // The old session was dropped with the old account; the old key no longer opens one.
    await vi.waitFor(() => expect(old.connected).toBe(false));
    await old.close();
    await expect(controller(lift.imei, lift.deviceKey).connect()).rejects.toThrow(/not authori[sz]ed/i);
    const fresh = controller(lift.imei, deviceKey);
    await fresh.connect();
    expect(await fresh.sendRaw('stats', { seq: 2, ts: Date.now(), trips: 2, operatingHours: 0 }, 2)).toEqual({
      ok: true,
      seq: 2,
    });
    await fresh.close();

    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/lifts/deleteByIds',
      headers: admin,
      payload: { ids: [lift.id] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const [row] = await t.app.db
      .select({ deletedAt: lifts.deletedAt })
      .from(lifts)
      .where(eq(lifts.id, lift.id));
    expect(row?.deletedAt).not.toBeNull();
    await vi.waitFor(() =>
      expect(controller(lift.imei, deviceKey).connect()).rejects.toThrow(/not authori[sz]ed/i),
    );
  });

  it('sends parameters and commands to a registered lift over its own topics', async () => {
    const lift = await register();
    const c = controller(lift.imei, lift.deviceKey);
    await c.connect();
    expect(c.lastError).toBeUndefined(); // its request topics were granted
    await vi.waitFor(() => expect(t.app.devices.isConnected(lift.imei)).toBe(true));
    expect(await post(t.app, lift.id, 'params', { general: { nenngeschwindigkeit: 1 } })).toEqual({
      ok: true,
    });
    expect(c.parameters.general.nenngeschwindigkeit).toBe(1);
    c.answer = () => ({ ok: false, error: 'in service mode' });
    expect(await post(t.app, lift.id, 'command', { name: 'resetTripCounter' })).toEqual({
      ok: false,
      error: 'in service mode',
    });
  });

  it("refuses a lift another lift's requests and replies", async () => {
    const [own, other] = [await register(), await register()];
    const signIn = () =>
      mqtt.connectAsync(broker.plainUrl, {
        protocolVersion: 5,
        clientId: own.imei,
        username: own.imei,
        password: own.deviceKey,
        reconnectPeriod: 0,
      });
    const client = await signIn();
    try {
      for (const kind of ['params/set', 'command'] as const) {
        await expect(client.subscribeAsync(mqttTopic(other.imei, kind), { qos: 1 })).rejects.toThrow(
          /not authori[sz]ed/i,
        );
        await client.subscribeAsync(mqttTopic(own.imei, kind), { qos: 1 });
      }
    } finally {
      await client.endAsync(true);
    }
    // Another lift's reply, and the portal's requests to itself or to another lift. One refused
    // publish per session: with the test broker's `max_queued_messages 0`, Mosquitto 2.0.11 drops
    // the session at the packet after a refused QoS 1 publish.
    const refused = [
      [mqttTopic(other.imei, 'reply'), { id: 'x', ok: true }],
      [mqttTopic(own.imei, 'command'), { id: 'x', name: 'reboot' }],
      [mqttTopic(other.imei, 'params/set'), { id: 'x', general: {} }],
    ] as const;
    for (const [topic, payload] of refused) {
      const session = await signIn();
      try {
        await expect(session.publishAsync(topic, JSON.stringify(payload), { qos: 1 })).rejects.toThrow(
          /not authori[sz]ed/i,
        );
      } finally {
        await session.endAsync(true);
      }
    }
  });

  it('gives the roles of lifts made before requests existed their topics at start', async () => {
    // An account as an earlier portal made it: readings, status and acknowledgements only.
    const lift = await insertLiftWithKey(t.app.db);
    const role = `lift-${lift.imei}`;
    const made = await adminControl([
      {
        command: 'createRole',
        rolename: role,
        acls: [
          ...[...MQTT_READING_KINDS, 'status' as const].map((kind) => ({
            acltype: 'publishClientSend',
            topic: mqttTopic(lift.imei, kind),
            allow: true,
          })),
          { acltype: 'subscribePattern', topic: mqttTopic(lift.imei, 'ack'), allow: true },
          { acltype: 'publishClientReceive', topic: mqttTopic(lift.imei, 'ack'), allow: true },
        ],
      },
      { command: 'createClient', username: lift.imei, password: lift.key, roles: [{ rolename: role }] },
    ]);
    expect(made.map((response) => response.error)).toEqual([undefined, undefined]);
    const c = controller(lift.imei, lift.key);
    await c.connect();
    expect(c.lastError?.message).toMatch(/not authori[sz]ed/i); // no request topics yet
    expect(await c.sendRaw('stats', { seq: 1, ts: Date.now(), trips: 1, operatingHours: 0 }, 1)).toEqual({
      ok: true,
      seq: 1,
    });

    // A portal process starting: the role gets the missing topics, the controller is signed out
    // once by the broker and subscribes to them when it signs in again.
    const second = await createTestApp({ MQTT_URL: broker.url, MQTT_DYNSEC: '1' }, t.database);
    try {
      await vi.waitFor(() => expect(c.connects).toBe(2), { timeout: 10_000 });
      const [got] = await adminControl([{ command: 'getRole', rolename: role }]);
      const acls = (got?.data as { role?: { acls: { acltype: string; topic: string }[] } } | undefined)?.role
        ?.acls;
      const topics = (acls ?? []).map((acl) => `${acl.acltype} ${acl.topic}`);
      expect(topics).toEqual(
        expect.arrayContaining([
          `subscribePattern ${mqttTopic(lift.imei, 'command')}`,
          `subscribePattern ${mqttTopic(lift.imei, 'params/set')}`,
          `publishClientSend ${mqttTopic(lift.imei, 'reply')}`,
        ]),
      );
      c.lastError = undefined;
      await vi.waitFor(() => expect(second.app.devices.isConnected(lift.imei)).toBe(true));
      expect(await post(second.app, lift.id, 'command', { name: 'testAlarm' })).toEqual({ ok: true });
      expect(c.commands).toEqual([{ name: 'testAlarm' }]);
    } finally {
      await second.close();
    }
  });
});
