import { count, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mqttTopic } from '../../contract/device';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';
import {
  dynsecPlugin,
  mosquittoMissing,
  startBroker,
  type TestBroker,
} from '../../tests/server/helpers/mosquitto';
import { deviceReceipts, lifts, users } from '../db/schema';
import { MqttController } from '../demo/mqtt-controller';
import { testImei } from './device-test-kit';

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
});
