import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmDeliveriesResponseSchema, OutboxItem } from '../../../contract/schemas/outbox';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/server/helpers/smtp';
import { alarms, pushSubscriptions } from '../../db/schema/alarms';
import { outboxMessages } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import { VirtualController } from '../../demo/virtual-controller';
import { startTestPushEndpoint, type TestPushEndpoint } from '../../integrations/push/test-push-endpoint';
import { insertLiftWithKey } from '../devices/device-test-kit';

/**
 * The durable outbox (docs/outbox.md) against a real SMTP server and push endpoint, driven on the
 * test's clock: the app's worker does not run on its own (`OUTBOX_POLL_MS=0`); `runOnce(at)` is
 * one round at `at`.
 */

let smtp: TestSmtpServer;
let smtpPort: number;
let push: TestPushEndpoint;
let t: TestApp;
let baseUrl: string;
const refused = new Map<string, string>();
const controllers: VirtualController[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: (address) => refused.get(address) ?? null });
  smtpPort = Number(new URL(smtp.url).port);
  push = await startTestPushEndpoint();
  t = await createTestApp({ SMTP_URL: smtp.url, PUSH_ALLOW_HOSTS: push.host, OUTBOX_POLL_MS: '0' });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const c of controllers.splice(0)) c.close();
  push.answerWith(201);
});
afterAll(async () => {
  await push.close();
  await t.close();
  await smtp.close();
});

const db = () => t.app.db;
let counter = 0;

async function serviceMan(preference: 'email' | 'nothing' = 'email') {
  counter += 1;
  const email = `man-${counter}@outbox.test`;
  const [row] = await db()
    .insert(users)
    .values({
      email,
      displayName: `Techniker ${counter}`,
      role: 'service_man',
      status: 'active',
      notificationPreference: preference,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return { id: row.id, email };
}

async function raiseFault(servicemen: string[]) {
  const lift = await insertLiftWithKey(db(), { servicemen });
  const c = new VirtualController({ imei: lift.imei, key: lift.key, url: baseUrl, reconnect: false });
  controllers.push(c);
  await c.connect();
  c.sendEvent({ code: 4711, type: 'error', active: true, floor: 1 });
  await c.idle();
  const [alarm] = await db().select().from(alarms).where(eq(alarms.liftId, lift.id));
  if (!alarm) throw new Error('no alarm opened');
  return alarm;
}

async function deliveries(alarmId: string): Promise<OutboxItem[]> {
  const response = await t.app.inject({
    url: `/api/alarms/${alarmId}/deliveries`,
    headers: await t.authHeaders('admin'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<v.InferOutput<typeof AlarmDeliveriesResponseSchema>>().deliveries;
}

const rowOf = async (id: string) => {
  const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw new Error('no outbox row');
  return row;
};

const mailsWithId = (messageId: string) => smtp.received.filter((mail) => mail.messageId === messageId);

async function writeSettings(document: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/json/write',
    headers: await t.authHeaders('admin'),
    payload: { data: JSON.stringify(document) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the alarm mail while the mail server is down', () => {
  it('retries with the error shown on the alarm, and is sent once when the server is back after 60 s', async () => {
    const man = await serviceMan();
    await smtp.close(); // down before the fault
    const alarm = await raiseFault([man.id]);

    // The row was written with the alarm, in its transaction.
    const [queued] = await deliveries(alarm.id);
    expect(queued).toMatchObject({
      channel: 'mail',
      kind: 'alarm',
      state: 'pending',
      attempts: 0,
      to: man.email,
    });

    const start = new Date();
    expect(await t.app.outbox.runOnce(start)).toBe(1);
    let [shown] = await deliveries(alarm.id);
    expect(shown).toMatchObject({ state: 'pending', attempts: 1, sentAt: null });
    expect(shown?.lastError).toMatch(/ECONNREFUSED/);
    const firstRetry = new Date(shown?.nextAttemptAt ?? 0).getTime() - start.getTime();
    expect(firstRetry).toBeGreaterThan(0);
    expect(firstRetry).toBeLessThanOrEqual(30_000);

    // Not before its time; then a second failure, waiting about twice as long.
    expect(await t.app.outbox.runOnce(new Date(start.getTime() + firstRetry - 1))).toBe(0);
    let at = new Date(shown?.nextAttemptAt ?? 0);
    expect(await t.app.outbox.runOnce(at)).toBe(1);
    [shown] = await deliveries(alarm.id);
    expect(shown).toMatchObject({ state: 'pending', attempts: 2 });

    // The server comes back 60 s after the fault.
    smtp = await startSmtpServer({ port: smtpPort, refuse: (address) => refused.get(address) ?? null });
    at = new Date(Math.max(start.getTime() + 60_000, new Date(shown?.nextAttemptAt ?? 0).getTime()));
    while ((await deliveries(alarm.id))[0]?.state !== 'sent') {
      const next = new Date((await deliveries(alarm.id))[0]?.nextAttemptAt ?? at);
      at = next > at ? next : at;
      await t.app.outbox.runOnce(at);
    }
    [shown] = await deliveries(alarm.id);
    expect(shown).toMatchObject({ state: 'sent', lastError: null });
    const messageId = `<${shown?.id}@localhost>`;
    expect(mailsWithId(messageId)).toHaveLength(1);
    expect(
      smtp.received.filter(
        (mail) => mail.subject?.includes('Error 4711') || mail.subject?.includes('Fehler 4711'),
      ),
    ).toHaveLength(1);
  });
});

describe('push answers', () => {
  async function subscribedMan() {
    const man = await serviceMan('nothing');
    // `nothing` would tell him nothing: the subscription is what is tested, so he takes mail too.
    await db().update(users).set({ notificationPreference: 'email' }).where(eq(users.id, man.id));
    const endpoint = `${push.subscription.endpoint}-${man.id}`;
    await db()
      .insert(pushSubscriptions)
      .values({ userId: man.id, endpoint, ...push.subscription.keys });
    return { ...man, endpoint };
  }
  const pushRowOf = async (alarmId: string) => {
    const row = (await deliveries(alarmId)).find((delivery) => delivery.channel === 'push');
    if (!row) throw new Error('no push row');
    return row;
  };

  it('a push endpoint answering 410 loses its subscription; the delivery fails with the reason', async () => {
    const man = await subscribedMan();
    push.answerWith(410);
    const alarm = await raiseFault([man.id]);
    await t.app.outbox.runOnce(new Date());
    const row = await pushRowOf(alarm.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/410/);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, man.id))).toEqual(
      [],
    );
  });

  it('one answering 429 with Retry-After: 5 is tried again after 5 s, not before', async () => {
    // The shortest backoff (0.5 to 1 s), so the Retry-After is what decides.
    await writeSettings({ outbox: { firstRetrySeconds: 1 } });
    try {
      const man = await subscribedMan();
      push.answerWith(429, { 'retry-after': '5' });
      const alarm = await raiseFault([man.id]);
      const start = new Date();
      const before = push.received.length;
      await t.app.outbox.runOnce(start);
      expect(push.received.length).toBe(before + 1);
      const row = await pushRowOf(alarm.id);
      expect(row).toMatchObject({ state: 'pending', attempts: 1 });
      expect(new Date(row.nextAttemptAt ?? 0).getTime() - start.getTime()).toBe(5_000);

      push.answerWith(201);
      await t.app.outbox.runOnce(new Date(start.getTime() + 4_999));
      expect(push.received.length).toBe(before + 1);
      await t.app.outbox.runOnce(new Date(start.getTime() + 5_000));
      expect(push.received.length).toBe(before + 2);
      expect((await pushRowOf(alarm.id)).state).toBe('sent');
      // Both tries carried the row's id as their Topic (RFC 8030 §5.4).
      const topic = row.id.replaceAll('-', '');
      expect(push.received.slice(before).map((request) => request.topic)).toEqual([topic, topic]);
    } finally {
      await writeSettings({});
    }
  });
});

describe('a recipient refused for good', () => {
  it('fails at once with the server reason, shows on the admin page, and "send again" sends it once', async () => {
    const address = 'nobody@refused.test';
    refused.set(address, 'mailbox unavailable');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/email/sendMailOverGmailSMTP',
      headers: await t.authHeaders('admin'),
      payload: { to: address, subject: 'Wartungsbericht', html: '<p>Anbei</p>' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.outbox.runOnce(new Date());

    const admin = await t.authHeaders('admin');
    const failed = await t.app.inject({
      url: '/api/outbox?state=failed&search=refused.test',
      headers: admin,
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const [row] = failed.json<{ messages: OutboxItem[] }>().messages;
    expect(row).toMatchObject({ state: 'failed', attempts: 1, to: address, kind: 'admin-mail' });
    expect(row?.lastError).toMatch(/550.*mailbox unavailable/);
    expect(failed.json<{ counts: { failed: number } }>().counts.failed).toBeGreaterThanOrEqual(1);

    // Only admins see the outbox.
    const asCustomer = await t.app.inject({
      url: '/api/outbox',
      headers: await t.authHeaders('customer_admin'),
    });
    expect(asCustomer.statusCode).toBe(403);

    refused.delete(address);
    const again = await t.app.inject({ method: 'POST', url: `/api/outbox/${row?.id}/retry`, headers: admin });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ state: 'pending', failedAt: null });
    await t.app.outbox.runOnce(new Date());
    expect((await rowOf(row?.id ?? '')).state).toBe('sent');
    expect(smtp.received.filter((mail) => mail.subject === 'Wartungsbericht')).toHaveLength(1);

    // A sent message is not sent again; an unknown one is not found.
    const twice = await t.app.inject({ method: 'POST', url: `/api/outbox/${row?.id}/retry`, headers: admin });
    expect(twice.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/outbox/00000000-0000-4000-8000-000000000000/retry',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('once per cause, recipient and channel', () => {
  it('an event seen twice makes one row', async () => {
    const message = {
      channel: 'mail' as const,
      kind: 'admin-mail' as const,
      cause: `admin-mail:twice-${Date.now()}`,
      to: 'twice@outbox.test',
      mail: { subject: 'Einmal', text: 'Einmal', html: '<p>Einmal</p>' },
    };
    const first = await t.app.outbox.enqueue(db(), [message]);
    const second = await t.app.outbox.enqueue(db(), [message]);
    expect(first).toHaveLength(1);
    expect(second).toEqual([]);
    await t.app.outbox.runOnce(new Date());
    expect(smtp.received.filter((mail) => mail.subject === 'Einmal')).toHaveLength(1);
  });
});

describe('the outbox in the metrics (docs/metrics.md)', () => {
  const value = async (name: string, labels: Record<string, string>) => {
    const metric = t.app.metrics.registry.getSingleMetric(name);
    const { values } = await (metric as NonNullable<typeof metric>).get();
    return (
      values.find((v) => Object.entries(labels).every(([key, label]) => v.labels[key] === label))?.value ?? 0
    );
  };

  it('shows the backlog while messages wait, and counts each attempt by channel and outcome', async () => {
    const address = 'metrics@refused.test';
    refused.set(address, 'mailbox unavailable');
    const [sentBefore, failedBefore] = [
      await value('lift_portal_outbox_attempts_total', { channel: 'mail', outcome: 'sent' }),
      await value('lift_portal_outbox_attempts_total', { channel: 'mail', outcome: 'failed' }),
    ];
    const admin = await t.authHeaders('admin');
    for (const to of [address, 'metrics@outbox.test']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/email/sendMailOverGmailSMTP',
        headers: admin,
        payload: { to, subject: 'Metriken', html: '<p>Zähler</p>' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expect(await value('lift_portal_outbox_messages', { state: 'pending' })).toBeGreaterThanOrEqual(2);

    await t.app.outbox.runOnce(new Date());
    expect(await value('lift_portal_outbox_messages', { state: 'pending' })).toBe(0);
    expect(await value('lift_portal_outbox_attempts_total', { channel: 'mail', outcome: 'sent' })).toBe(
      sentBefore + 1,
    );
    expect(await value('lift_portal_outbox_attempts_total', { channel: 'mail', outcome: 'failed' })).toBe(
      failedBefore + 1,
    );
  });
});
