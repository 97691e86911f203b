import type { AddressInfo } from 'node:net';
import { io as connectUser, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../contract/messages';
import { MIRRORED_TABLE_NAMES } from '../../contract/mirrored-tables';
import type { SyncPullResponse } from '../../contract/schemas/sync';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';
import { VirtualController } from '../demo/virtual-controller';
import { insertLiftWithKey } from '../modules/devices/device-test-kit';

const TOKEN = 'metrics-token-for-the-test-0123';

/** The value of one series in Prometheus' text format; undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('the metrics endpoint', () => {
  let t: TestApp;
  let baseUrl: string;
  let controller: VirtualController | undefined;
  let userSocket: Socket | undefined;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    controller?.close();
    userSocket?.disconnect();
    await t.close();
  });

  const scrape = async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    return answer.body;
  };

  it('refuses a scrape without the token or with another one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: MSG.invalidToken });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const own = t.app.metrics.address() as AddressInfo;
    const onItsPort = await fetch(`http://127.0.0.1:${own.port}/metrics`);
    expect(onItsPort.status).toBe(401);
  });

  it('counts readings, acknowledgements, controllers, users, pulls, jobs and HTTP answers', async () => {
    const lift = await insertLiftWithKey(t.app.db);
    controller = new VirtualController({ imei: lift.imei, key: lift.key, url: baseUrl, reconnect: false });
    await controller.connect();
    const now = Date.now();
    for (const seq of [1, 2, 3]) {
      expect(
        await controller.sendRaw('stats', { seq, ts: now + seq, trips: seq, operatingHours: 0 }),
      ).toEqual({
        ok: true,
        seq,
      });
    }
    // Resent: acknowledged again, stored once.
    expect(await controller.sendRaw('stats', { seq: 1, ts: now + 1, trips: 1, operatingHours: 0 })).toEqual({
      ok: true,
      seq: 1,
    });
    expect(await controller.sendRaw('stats', { seq: 5, ts: 'soon' })).toMatchObject({ ok: false });

    const { access_token } = await t.signInAs('admin');
    userSocket = connectUser(baseUrl, {
      path: '/socket.io',
      auth: { token: access_token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      userSocket?.once('connect', resolve);
      userSocket?.once('connect_error', reject);
    });

    const pulled = await t.app.inject({
      method: 'GET',
      url: '/api/sync/pull',
      headers: await t.authHeaders('service_man'),
    });
    expect(pulled.statusCode).toBe(200);
    const page = pulled.json<SyncPullResponse>();
    const rows = MIRRORED_TABLE_NAMES.reduce(
      (sum, name) => sum + page[name].length + page.deleted[name].length,
      0,
    );

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    t.app.jobs.every('metrics test', 3_600_000, async () => {}, { firstDelayMs: 0 });
    t.app.jobs.every(
      'metrics test failing',
      3_600_000,
      async () => {
        throw new Error('on purpose');
      },
      { firstDelayMs: 0 },
    );

    await vi.waitFor(async () => {
      const text = await scrape();
      expect(sample(text, 'lift_portal_job_runs_total', { job: 'metrics test', outcome: 'ok' })).toBe(1);
      expect(
        sample(text, 'lift_portal_job_runs_total', { job: 'metrics test failing', outcome: 'failed' }),
      ).toBe(1);
    });

    const text = await scrape();
    expect(sample(text, 'lift_portal_ingest_readings_total', { outcome: 'stored' })).toBe(3);
    expect(sample(text, 'lift_portal_ingest_readings_total', { outcome: 'duplicate' })).toBe(1);
    expect(sample(text, 'lift_portal_ingest_batches_total', { outcome: 'committed' })).toBe(4);
    expect(sample(text, 'lift_portal_ingest_batch_readings_sum')).toBe(4);
    expect(sample(text, 'lift_portal_ingest_batch_seconds_count')).toBe(4);
    expect(sample(text, 'lift_portal_acknowledgement_seconds_count', { outcome: 'ok' })).toBe(4);
    expect(sample(text, 'lift_portal_acknowledgement_seconds_count', { outcome: 'refused' })).toBe(1);
    expect(sample(text, 'lift_portal_acknowledgement_seconds_bucket', { outcome: 'ok', le: '+Inf' })).toBe(4);
    expect(sample(text, 'lift_portal_controllers_connected', { transport: 'socket' })).toBe(1);
    expect(sample(text, 'lift_portal_controllers_connected', { transport: 'mqtt' })).toBe(0);
    expect(sample(text, 'lift_portal_user_sockets', { kind: 'sockets' })).toBe(1);
    expect(sample(text, 'lift_portal_user_sockets', { kind: 'users' })).toBe(1);
    expect(sample(text, 'lift_portal_sync_pulls_total', { kind: 'first' })).toBe(1);
    expect(sample(text, 'lift_portal_sync_pull_rows_sum')).toBe(rows);
    expect(rows).toBeGreaterThan(0);
    expect(sample(text, 'lift_portal_job_run_seconds_count', { job: 'metrics test' })).toBe(1);
    expect(
      sample(text, 'lift_portal_http_request_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status: '200',
      }),
    ).toBe(1);
    expect(
      sample(text, 'lift_portal_http_request_seconds_count', {
        method: 'GET',
        route: '/api/sync/pull',
        status: '200',
      }),
    ).toBe(1);
    // Node's own series come with it.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    if (t.app.databaseKind === 'postgres') {
      expect(sample(text, 'lift_portal_db_pool_max')).toBe(10);
      expect(sample(text, 'lift_portal_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } else {
      expect(sample(text, 'lift_portal_db_pool_max')).toBeUndefined();
    }

    // The port of its own answers the same series, with the token.
    const own = t.app.metrics.address() as AddressInfo;
    const fromItsPort = await fetch(`http://127.0.0.1:${own.port}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(fromItsPort.status).toBe(200);
    const body = await fromItsPort.text();
    expect(sample(body, 'lift_portal_ingest_readings_total', { outcome: 'stored' })).toBe(3);
    expect((await fetch(`http://127.0.0.1:${own.port}/other`)).status).toBe(404);
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  it('serves no metrics: /metrics is not found, and no second port opens', async () => {
    const t = await createTestApp();
    try {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: MSG.notFound });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect(t.app.metrics.address()).toBeNull();
      expect(t.app.metrics.enabled).toBe(false);
    } finally {
      await t.close();
    }
  });
});
