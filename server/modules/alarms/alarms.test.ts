import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_MSG } from '../../../contract/alarm-messages';
import type { NotificationPreference } from '../../../contract/constants';
import type { Alarm, AlarmListItem, AlarmPushPayload } from '../../../contract/schemas/alarm';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { alarmNotificationCounts, alarms, pushSubscriptions } from '../../db/schema/alarms';
import { descriptions } from '../../db/schema/descriptions';
import { lifts } from '../../db/schema/lifts';
import { outboxMessages } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import { VirtualController } from '../../demo/virtual-controller';
import { readOutbox } from '../../integrations/mail/mailer';
import { startTestPushEndpoint, type TestPushEndpoint } from '../../integrations/push/test-push-endpoint';
import { readSmsOutbox } from '../../integrations/sms/sms';
import { insertLiftWithKey } from '../devices/device-test-kit';
import { createAlarmNotifier } from './alarm-notifier';

let t: TestApp;
let baseUrl: string;
let push: TestPushEndpoint;
/** Another device's push service, for the subscription tests. */
let other: TestPushEndpoint;
const controllers: VirtualController[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  push = await startTestPushEndpoint();
  other = await startTestPushEndpoint();
  // The loopback push services are reached only because they are named, each with its port.
  t = await createTestApp({ PUSH_ALLOW_HOSTS: `${push.host}, ${other.host}` });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.db
    .insert(descriptions)
    .values({ number: 4711, name: 'Door jammed', nameDE: 'Tür klemmt', type: 'error' });
});
afterEach(() => {
  for (const c of controllers.splice(0)) c.close();
});
afterAll(async () => {
  await push.close();
  await other.close();
  await t.close();
});

const db = () => t.app.db;

async function connected(lift: { imei: string; key: string }) {
  const c = new VirtualController({ imei: lift.imei, key: lift.key, url: baseUrl, reconnect: false });
  controllers.push(c);
  await c.connect();
  return c;
}

async function person(
  email: string,
  preference: NotificationPreference,
  language: 'de' | 'en',
  phoneNumber = '4917000000',
) {
  const [row] = await db()
    .insert(users)
    .values({
      email,
      displayName: email,
      role: 'service_man',
      status: 'active',
      phoneNumber,
      notificationPreference: preference,
      settings: { language },
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

const alarmsOf = (liftId: string) =>
  db().select().from(alarms).where(eq(alarms.liftId, liftId)).orderBy(alarms.createdAt);

async function list(role: 'admin' | 'service_man' | 'customer', query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/alarms${query}`,
    headers: await t.authHeaders(role),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ alarms: AlarmListItem[] }>().alarms;
}

describe('alarms from controller events', () => {
  it('a raise opens one alarm, a repeated raise none, the clear closes it, a new raise opens again', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await connected(lift);
    const raisedAt = Date.now() - 5000;
    c.sendEvent({ code: 4711, type: 'error', active: true, floor: 3, ts: raisedAt });
    c.sendEvent({ code: 4711, type: 'error', active: true, floor: 3 });
    c.sendEvent({ code: 12, type: 'info', active: true });
    await c.idle();
    let rows = await alarmsOf(lift.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'error',
      code: 4711,
      name: 'Door jammed',
      nameDE: 'Tür klemmt',
      floor: 3,
      closedAt: null,
    });
    expect(rows[0]?.openedAt.getTime()).toBe(raisedAt);

    c.sendEvent({ code: 4711, type: 'error', active: false });
    await c.idle();
    rows = await alarmsOf(lift.id);
    expect(rows[0]?.closedAt).not.toBeNull();

    c.sendEvent({ code: 4711, type: 'error', active: true });
    c.sendEvent({ code: 999, type: 'error', active: true });
    await c.idle();
    rows = await alarmsOf(lift.id);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.code === 999)).toMatchObject({ name: 'Error 999', nameDE: 'Fehler 999' });
    await t.app.alarms.settled();
  });
});

describe('offline alarms', () => {
  it('opens once for a silent controller on a later clock, across two processes, and closes when it reports', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await connected(lift);
    c.sendStats({ trips: 1, operatingHours: 1 });
    await c.idle();
    const minutes = t.app.settings.current().alarms.controllerOfflineMinutes;

    await t.app.alarms.checkOffline(new Date(Date.now() + (minutes - 1) * MINUTE));
    expect(await alarmsOf(lift.id)).toHaveLength(0);

    // A second process on the same database runs the same check at the same time.
    const second = await createTestApp({}, t.database);
    try {
      const later = new Date(Date.now() + (minutes + 1) * MINUTE);
      await Promise.all([t.app.alarms.checkOffline(later), second.app.alarms.checkOffline(later)]);
      await t.app.alarms.checkOffline(later);
      const open = (await alarmsOf(lift.id)).filter((a) => a.closedAt === null);
      expect(open).toHaveLength(1);
      expect(open[0]?.kind).toBe('offline');
      // Other lifts silent in this shared test database may get theirs too; this lift gets one.
    } finally {
      await second.app.alarms.settled();
      await second.close();
    }

    c.sendStats({ trips: 2, operatingHours: 1.1 });
    await c.idle();
    const [closed] = await alarmsOf(lift.id);
    expect(closed?.closedAt).not.toBeNull();
    await t.app.alarms.settled();
  });

  it("tells the lift's people that its controller went silent, in their language", async () => {
    const english = await person('offline-en@alarm.test', 'email', 'en');
    const lift = await insertLiftWithKey(db(), { servicemen: [english] });
    const c = await connected(lift);
    c.sendStats({ trips: 1, operatingHours: 1 });
    await c.idle();
    c.close();
    const minutes = t.app.settings.current().alarms.controllerOfflineMinutes;
    await t.app.alarms.checkOffline(new Date(Date.now() + (minutes + 1) * MINUTE));
    await t.app.alarms.settled();
    const mail = (await readOutbox(t.config.dataDir)).find((m) => m.to === 'offline-en@alarm.test');
    expect(mail?.subject).toBe(`Alarm T-${lift.imei}: Controller offline`);
    const listed = await list('admin', `?liftId=${lift.id}&state=open`);
    expect(listed).toMatchObject([{ kind: 'offline', code: null, name: 'Controller offline' }]);
  });

  it('does not take a lift reporting now (to any process) for silent', async () => {
    const lift = await insertLiftWithKey(db());
    await db().update(lifts).set({ lastSeenAt: sql`now()` }).where(eq(lifts.id, lift.id));
    await t.app.alarms.checkOffline(new Date());
    expect(await alarmsOf(lift.id)).toHaveLength(0);
  });
});

describe('notifications', () => {
  it("follows each user's preference (four choices) and language, by mail, SMS and push", async () => {
    const both = await person('both@alarm.test', 'email/sms', 'en');
    const mailOnly = await person('mail@alarm.test', 'email', 'de');
    const smsOnly = await person('sms@alarm.test', 'sms', 'de', '4917000001');
    const nothing = await person('nothing@alarm.test', 'nothing', 'en');
    const lift = await insertLiftWithKey(db(), { servicemen: [both, mailOnly, smsOnly, nothing] });
    // The English user's device subscribes for push through the API.
    const { access_token } = await signInAsNew('both@alarm.test');
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { authorization: `Bearer ${access_token}` },
      payload: push.subscription,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);

    const c = await connected(lift);
    const raisedAt = Date.now();
    c.sendEvent({ code: 4711, type: 'error', active: true, floor: 2 });
    await c.idle();
    await t.app.alarms.settled();

    const mails = await readOutbox(t.config.dataDir);
    const mailTo = (to: string) => mails.filter((m) => m.to === to);
    expect(mailTo('both@alarm.test')).toHaveLength(1);
    expect(mailTo('both@alarm.test')[0]?.subject).toBe(`Alarm T-${lift.imei}: Error 4711: Door jammed`);
    expect(mailTo('both@alarm.test')[0]?.text).toContain(`/apps/lift/lifts/${lift.id}`);
    expect(mailTo('mail@alarm.test')[0]?.subject).toBe(`Alarm T-${lift.imei}: Fehler 4711: Tür klemmt`);
    expect(mailTo('mail@alarm.test')[0]?.text).toContain('Etage');
    expect(mailTo('sms@alarm.test')).toHaveLength(0);
    expect(mailTo('nothing@alarm.test')).toHaveLength(0);

    const texts = await readSmsOutbox(t.config.dataDir);
    const ours = texts.filter((m) => m.body.includes(`T-${lift.imei}`));
    expect(ours).toHaveLength(2); // email/sms and sms; all four have a phone number
    expect(ours.map((m) => m.to).sort()).toEqual(['+4917000000', '+4917000001']);
    expect(ours.map((m) => m.body.startsWith('Alarm T-')).every(Boolean)).toBe(true);
    expect(ours.some((m) => m.body.includes('Error 4711: Door jammed'))).toBe(true);
    expect(ours.some((m) => m.body.includes('Fehler 4711: Tür klemmt'))).toBe(true);

    const received = await push.next();
    const payload = received.payload as AlarmPushPayload;
    expect(payload).toMatchObject({
      title: `Alarm T-${lift.imei}: Error 4711: Door jammed`,
      url: `/apps/lift/lifts/${lift.id}`,
      liftId: lift.id,
    });
    expect(received.authorization).toMatch(/^vapid t=/);
    expect(received.at - raisedAt).toBeLessThan(5000);
  });

  it('keeps the hourly cap across processes: the count is in the database', async () => {
    const capped = await person('capped@alarm.test', 'email', 'en');
    const lift = await insertLiftWithKey(db(), { servicemen: [capped] });
    const c = await connected(lift);
    c.sendEvent({ code: 4711, type: 'error', active: true, floor: 1 });
    await c.idle();
    await t.app.alarms.settled();
    const ids = (await alarmsOf(lift.id)).map((alarm) => alarm.id);
    expect(ids).toHaveLength(1);
    const mailsToCapped = async () =>
      (await readOutbox(t.config.dataDir)).filter((mail) => mail.to === 'capped@alarm.test');
    expect(await mailsToCapped()).toHaveLength(1); // the app's own notifier, counted too

    // Two more processes' notifiers over the same database, each with a cap of 3 an hour, each
    // told of three more alarms of the lift: counted in memory, they would write 3 rows apiece.
    const now = Date.now();
    const anotherProcess = () =>
      createAlarmNotifier({
        publicUrl: 'https://portal.test',
        perUserHourlyLimit: 3,
        quietOffline: false,
        enqueue: t.app.outbox.enqueue,
        now: () => now,
      });
    const [first, second] = [anotherProcess(), anotherProcess()];
    const more = await openAlarms(lift.id, [1, 2, 3, 4, 5, 6]);
    for (const [index, notify] of [first, second, first, second, first, second].entries())
      await notify(db(), [more[index] ?? ''], 'opened');
    await t.app.alarms.settled();
    expect(await mailsToCapped()).toHaveLength(3);
    const [counted] = await db()
      .select()
      .from(alarmNotificationCounts)
      .where(eq(alarmNotificationCounts.userId, capped));
    expect(counted).toMatchObject({ hour: Math.floor(now / 3_600_000), count: 7 });
  });
});

/** Opens an error alarm of each code on the lift, as the ingest would, without notifying anyone. */
async function openAlarms(liftId: string, codes: readonly number[]): Promise<string[]> {
  const rows = await db()
    .insert(alarms)
    .values(
      codes.map((code) => ({
        liftId,
        kind: 'error' as const,
        code,
        name: `Error ${code}`,
        nameDE: `Fehler ${code}`,
        openedAt: new Date(),
      })),
    )
    .returning({ id: alarms.id });
  return rows.map((row) => row.id);
}

async function signInAsNew(email: string) {
  // A password for the inserted user, through the same hash the accounts use.
  const { hashPassword } = await import('../users/password');
  await db()
    .update(users)
    .set({ passwordHash: await hashPassword('Alarm-Test-Pass-1') })
    .where(eq(users.email, email));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    payload: { email, password: 'Alarm-Test-Pass-1' },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<{ access_token: string }>();
}

describe('acknowledge and escalation', () => {
  it('lists alarms scoped like lifts; service men acknowledge once; customers may not', async () => {
    const { user: serviceMan } = await t.signInAs('service_man');
    const { user: customer } = await t.signInAs('customer');
    const lift = await insertLiftWithKey(db(), { servicemen: [serviceMan.id], customers: [customer.id] });
    const foreign = await insertLiftWithKey(db());
    const c = await connected(lift);
    const f = await connected(foreign);
    c.sendEvent({ code: 4711, type: 'error', active: true });
    f.sendEvent({ code: 4711, type: 'error', active: true });
    await Promise.all([c.idle(), f.idle()]);
    await t.app.alarms.settled();

    const mine = await list('service_man', '?state=open');
    expect(mine.map((a) => a.liftId)).toContain(lift.id);
    expect(mine.map((a) => a.liftId)).not.toContain(foreign.id);
    const [alarm] = await alarmsOf(lift.id);
    const [foreignAlarm] = await alarmsOf(foreign.id);
    if (!alarm || !foreignAlarm) throw new Error('no alarms');

    const byCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/alarms/${alarm.id}/acknowledge`,
      headers: await t.authHeaders('customer'),
    });
    expect(byCustomer.statusCode).toBe(403);
    const notHis = await t.app.inject({
      method: 'POST',
      url: `/api/alarms/${foreignAlarm.id}/acknowledge`,
      headers: await t.authHeaders('service_man'),
    });
    expect(notHis.statusCode).toBe(404);
    expect(notHis.json()).toEqual({ message: ALARM_MSG.alarmNotFound });

    const headers = { ...(await t.authHeaders('service_man')), 'idempotency-key': `ack-${alarm.id}` };
    const first = await t.app.inject({ method: 'POST', url: `/api/alarms/${alarm.id}/acknowledge`, headers });
    expect(first.statusCode, first.body).toBe(200);
    const acknowledged = first.json<Alarm>();
    expect(acknowledged).toMatchObject({ id: alarm.id, acknowledgedBy: serviceMan.id, closedAt: null });
    // Another device of the same man, or the admin later: 200 with the alarm as it is.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/alarms/${alarm.id}/acknowledge`,
      headers: await t.authHeaders('admin'),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<Alarm>()).toEqual(acknowledged);
    expect((await list('admin', `?state=acknowledged&liftId=${lift.id}`)).map((a) => a.id)).toEqual([
      alarm.id,
    ]);
    expect(await list('admin', `?state=open&liftId=${lift.id}`)).toEqual([]);
    expect((await list('admin', `?liftId=${lift.id}&code=4711`)).length).toBe(1);
    expect(await list('admin', `?liftId=${lift.id}&minAgeMinutes=60`)).toEqual([]);

    // One alarm, for its page: with its lift and who acknowledged it; another's is not found.
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/alarms/${alarm.id}`,
      headers: await t.authHeaders('customer'),
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({
      ...acknowledged,
      liftUid: `T-${lift.imei}`,
      liftAddress: expect.any(String),
      acknowledgedByName: serviceMan.displayName,
    });
    const foreignOne = await t.app.inject({
      method: 'GET',
      url: `/api/alarms/${foreignAlarm.id}`,
      headers: await t.authHeaders('service_man'),
    });
    expect(foreignOne.statusCode).toBe(404);
    expect(foreignOne.json()).toEqual({ message: ALARM_MSG.alarmNotFound });

    const count = await t.app.inject({
      method: 'GET',
      url: '/api/alarms/count',
      headers: await t.authHeaders('service_man'),
    });
    expect(count.json()).toEqual({ open: expect.any(Number) });

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/alarms?state=burning',
      headers: await t.authHeaders('admin'),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an alarm nobody acknowledged in time goes to the customer admins and admins, once', async () => {
    const { user: customer } = await t.signInAs('customer');
    const lift = await insertLiftWithKey(db(), { customers: [customer.id] });
    const c = await connected(lift);
    c.sendEvent({ code: 4711, type: 'error', active: true });
    await c.idle();
    await t.app.alarms.settled();
    const minutes = t.app.settings.current().alarms.escalationMinutes;
    const before = (await readOutbox(t.config.dataDir)).length;

    await t.app.alarms.escalate(new Date(Date.now() + (minutes - 1) * MINUTE));
    await t.app.alarms.settled();
    expect((await alarmsOf(lift.id))[0]?.escalatedAt).toBeNull();

    const later = new Date(Date.now() + (minutes + 1) * MINUTE);
    await t.app.alarms.escalate(later);
    await t.app.alarms.escalate(later);
    await t.app.alarms.settled();
    expect((await alarmsOf(lift.id))[0]?.escalatedAt).not.toBeNull();
    const mails = (await readOutbox(t.config.dataDir)).slice(
      0,
      (await readOutbox(t.config.dataDir)).length - before,
    );
    const escalated = mails.filter((m) => m.subject.includes(`T-${lift.imei}`));
    const to = escalated.map((m) => m.to).sort();
    expect(to).toContain('admin@demo.local');
    expect(to).toContain('customeradmin@demo.local');
    expect(to).not.toContain('customer@demo.local');
    expect(new Set(to).size).toBe(to.length);
    expect(escalated.find((m) => m.to === 'admin@demo.local')?.subject).toMatch(/^Unquittierter Alarm/);

    // Acknowledged alarms never escalate.
    const stillOpen = await db()
      .select()
      .from(alarms)
      .where(and(isNull(alarms.acknowledgedAt), isNull(alarms.escalatedAt), isNull(alarms.closedAt)));
    expect(stillOpen.every((a) => a.createdAt.getTime() > later.getTime() - minutes * MINUTE)).toBe(true);
  });
});

describe('push subscriptions', () => {
  const subscribe = (headers: { authorization: string }, endpoint: string, keys = other.subscription.keys) =>
    t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers, payload: { endpoint, keys } });
  const endpointsOf = async (userId: string) =>
    (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
      .map((row) => row.endpoint)
      .sort();

  it('answers the VAPID key, refuses a malformed subscription, removes one', async () => {
    const headers = await t.authHeaders('service_man');
    const key = await t.app.inject({ method: 'GET', url: '/api/push/key', headers });
    expect(key.json<{ publicKey: string }>().publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers,
      payload: { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await subscribe(headers, other.subscription.endpoint);
    expect(ok.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions/remove',
      headers,
      payload: { endpoint: other.subscription.endpoint },
    });
    expect(removed.json()).toEqual({ ok: true });
  });

  it('refuses endpoints other than https on a public host: http, loopback, private, IP literals', async () => {
    const headers = await t.authHeaders('service_man');
    const portal = new URL(baseUrl);
    const refused = [
      'http://push.example.com/send/1', // plain http to a public name
      `http://127.0.0.1:${portal.port}/api/users/logout`, // the portal itself: a loopback port not allowed
      'https://127.0.0.1/push',
      'https://localhost/push', // a name that resolves to loopback
      'https://[::1]/push',
      'https://10.0.0.8/push', // private
      'https://192.168.1.20/push',
      'https://[fd00::1]/push', // unique local
      'https://169.254.169.254/latest/meta-data', // link-local: a cloud's metadata service
      'https://8.8.8.8/push', // public, but an IP literal
      'https://[2001:4860:4860::8888]/push',
    ];
    for (const endpoint of refused) {
      const response = await subscribe(headers, endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json(), endpoint).toEqual({
        message: ALARM_MSG.pushEndpointRefused,
        fieldErrors: { endpoint: ALARM_MSG.pushEndpointRefused },
      });
    }
    const stored = await db().select().from(pushSubscriptions);
    expect(stored.filter((row) => refused.includes(row.endpoint))).toEqual([]);
  });

  it('keeps at most 10 subscriptions a user: the 11th drops the oldest', async () => {
    const id = await person('devices@alarm.test', 'email', 'en');
    const { access_token } = await signInAsNew('devices@alarm.test');
    const headers = { authorization: `Bearer ${access_token}` };
    const devices = Array.from({ length: 12 }, (_, i) => `${other.subscription.endpoint}-device-${i + 10}`);
    for (const endpoint of devices.slice(0, 11)) {
      const response = await subscribe(headers, endpoint);
      expect(response.json(), endpoint).toEqual({ ok: true });
    }
    expect(await endpointsOf(id)).toEqual(devices.slice(1, 11).sort());

    // A device registering again counts as the newest: the 12th drops the next one instead.
    expect((await subscribe(headers, devices[1] ?? '')).json()).toEqual({ ok: true });
    expect((await subscribe(headers, devices[11] ?? '')).json()).toEqual({ ok: true });
    expect(await endpointsOf(id)).toEqual([devices[1], ...devices.slice(3, 12)].sort());
  });

  it("does not move another user's endpoint to whoever registers it", async () => {
    const { user: owner } = await t.signInAs('service_man');
    const endpoint = `${other.subscription.endpoint}-shared`;
    const registered = await subscribe(await t.authHeaders('service_man'), endpoint, push.subscription.keys);
    expect(registered.json()).toEqual({ ok: true });

    const taken = await subscribe(await t.authHeaders('customer'), endpoint, other.subscription.keys);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ ok: false });
    const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: owner.id, p256dh: push.subscription.keys.p256dh });
  });

  it('drops a subscription answered 404 or 410 (RFC 8030) or refused by the address rules; keeps one that failed', async () => {
    const id = await person('gone@alarm.test', 'email', 'en');
    const lift = await insertLiftWithKey(db(), { servicemen: [id] });
    const c = await connected(lift);
    c.sendEvent({ code: 4711, type: 'error', active: true });
    await c.idle();
    await t.app.alarms.settled();
    const ids = (await alarmsOf(lift.id)).map((alarm) => alarm.id);
    expect(ids).toHaveLength(1);
    // Each step a new alarm, told through the outbox as the ingest would tell it.
    const notifier = createAlarmNotifier({
      publicUrl: 'https://portal.test',
      perUserHourlyLimit: 1000,
      quietOffline: false,
      enqueue: t.app.outbox.enqueue,
    });
    let code = 100;
    const notify = async () => {
      code += 1;
      await notifier(db(), await openAlarms(lift.id, [code]), 'opened');
      await t.app.alarms.settled();
    };
    const { access_token } = await signInAsNew('gone@alarm.test');
    const headers = { authorization: `Bearer ${access_token}` };
    // An internal service on loopback, under a name that resolves there.
    let connections = 0;
    const internal = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const internalPort = (internal.address() as AddressInfo).port;
    try {
      for (const status of [404, 410]) {
        const endpoint = `${other.subscription.endpoint}-${status}`;
        expect((await subscribe(headers, endpoint)).json()).toEqual({ ok: true });
        other.answerWith(status);
        const before = other.received.length;
        await notify();
        expect(other.received.length, `pushed, answered ${status}`).toBe(before + 1);
        expect(await endpointsOf(id), `answered ${status}`).toEqual([]);
      }

      // A push service failing otherwise may recover: its subscription stays.
      const failing = `${other.subscription.endpoint}-500`;
      expect((await subscribe(headers, failing)).json()).toEqual({ ok: true });
      other.answerWith(500);
      await notify();
      expect(await endpointsOf(id)).toEqual([failing]);

      // A subscription stored before these rules, on a name that resolves to loopback: never reached.
      const inward = `https://localhost:${internalPort}/push/1`;
      await db().insert(pushSubscriptions).values({
        userId: id,
        endpoint: inward,
        p256dh: other.subscription.keys.p256dh,
        auth: other.subscription.keys.auth,
      });
      await notify();
      expect(connections).toBe(0);
      expect(await endpointsOf(id)).toEqual([failing]);
    } finally {
      other.answerWith(201);
      await new Promise<void>((resolve) => internal.close(() => resolve()));
    }
  });
});

describe('faults present at start', () => {
  it('opens the alarm of a fault stored as raised, once, at its own time; and when its controller reports again', async () => {
    const told = await person('present@alarm.test', 'email', 'en');
    const since = new Date(Date.now() - 20 * 60 * MINUTE);
    const lift = await insertLiftWithKey(db(), { servicemen: [told] });
    await db()
      .update(lifts)
      .set({ activeErrors: [{ code: 4711, since: since.toISOString() }] })
      .where(eq(lifts.id, lift.id));

    await t.app.alarms.openPresentFaults();
    await t.app.alarms.openPresentFaults();
    const rows = await alarmsOf(lift.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'error', code: 4711, name: 'Door jammed', closedAt: null });
    expect(rows[0]?.openedAt.getTime()).toBe(since.getTime());
    await t.app.alarms.settled();
    const mail = (await readOutbox(t.config.dataDir)).find((m) => m.to === 'present@alarm.test');
    expect(mail?.subject).toBe(`Alarm T-${lift.imei}: Error 4711: Door jammed`);

    // Another lift's controller reconnects with a fault raised before: its first reading opens it.
    const other = await insertLiftWithKey(db());
    await db()
      .update(lifts)
      .set({ activeErrors: [{ code: 4711, since: since.toISOString() }] })
      .where(eq(lifts.id, other.id));
    const c = await connected(other);
    c.sendStats({ trips: 1, operatingHours: 1 });
    await c.idle();
    c.sendStats({ trips: 2, operatingHours: 1 });
    await c.idle();
    const opened = await alarmsOf(other.id);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ kind: 'error', code: 4711, closedAt: null });
    await t.app.alarms.settled();
  });

  it('raises no offline alarm for a lift never heard from by a controller', async () => {
    const lift = await insertLiftWithKey(db());
    // Seeded or imported history: seen once, but no controller ever reported to the portal.
    await db()
      .update(lifts)
      .set({ lastSeenAt: new Date(Date.now() - 48 * 60 * MINUTE) })
      .where(eq(lifts.id, lift.id));
    const minutes = t.app.settings.current().alarms.controllerOfflineMinutes;
    await t.app.alarms.checkOffline(new Date(Date.now() + (minutes + 1) * MINUTE));
    expect(await alarmsOf(lift.id)).toHaveLength(0);
  });
});

describe('bulk acknowledge', () => {
  it("acknowledges the user's alarms at once, leaves another customer's alone, refuses customers", async () => {
    const { user: serviceMan } = await t.signInAs('service_man');
    const lift = await insertLiftWithKey(db(), { servicemen: [serviceMan.id] });
    const foreign = await insertLiftWithKey(db());
    const opened = await db()
      .insert(alarms)
      .values([
        { liftId: lift.id, kind: 'error', code: 4711, openedAt: new Date() },
        { liftId: lift.id, kind: 'offline', code: 0, openedAt: new Date() },
        { liftId: foreign.id, kind: 'error', code: 4711, openedAt: new Date() },
      ])
      .returning({ id: alarms.id, liftId: alarms.liftId });
    const ids = opened.map((a) => a.id);
    const foreignId = opened.find((a) => a.liftId === foreign.id)?.id;

    const byCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/alarms/acknowledge',
      headers: await t.authHeaders('customer'),
      payload: { ids },
    });
    expect(byCustomer.statusCode).toBe(403);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/alarms/acknowledge',
      headers: await t.authHeaders('service_man'),
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(400);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/alarms/acknowledge',
      headers: await t.authHeaders('service_man'),
      payload: { ids },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<{ alarms: Alarm[] }>().alarms;
    expect(answered.map((a) => a.liftId)).toEqual([lift.id, lift.id]);
    expect(answered.every((a) => a.acknowledgedBy === serviceMan.id)).toBe(true);
    const [foreignRow] = await db()
      .select()
      .from(alarms)
      .where(eq(alarms.id, foreignId ?? ''));
    expect(foreignRow?.acknowledgedAt).toBeNull();

    // Again: the same alarms as they are, the first acknowledgement kept.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/alarms/acknowledge',
      headers: await t.authHeaders('admin'),
      payload: { ids: answered.map((a) => a.id) },
    });
    expect(again.json<{ alarms: Alarm[] }>().alarms.map((a) => a.acknowledgedBy)).toEqual([
      serviceMan.id,
      serviceMan.id,
    ]);
  });

  it('lists open alarms most urgent first: trapped passengers, a fault, offline, a test', async () => {
    const lift = await insertLiftWithKey(db());
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
    await db()
      .insert(alarms)
      .values([
        { liftId: lift.id, kind: 'test', code: 0, openedAt: at(1) },
        { liftId: lift.id, kind: 'offline', code: 0, openedAt: at(2) },
        { liftId: lift.id, kind: 'error', code: 4711, openedAt: at(3) },
        { liftId: lift.id, kind: 'error', code: 123, openedAt: at(50) },
      ]);
    const listed = await list('admin', `?liftId=${lift.id}&state=open`);
    expect(listed.map((a) => [a.kind, a.code])).toEqual([
      ['error', 123],
      ['error', 4711],
      ['offline', null],
      ['test', null],
    ]);
  });
});

describe('test alarm', () => {
  it('opens a real test alarm told by mail, SMS and push through the outbox, without the controller; acknowledging closes it', async () => {
    const tester = await person('tester@alarm.test', 'email/sms', 'de', '4917000042');
    const lift = await insertLiftWithKey(db(), { servicemen: [tester] });
    const { access_token } = await signInAsNew('tester@alarm.test');
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { authorization: `Bearer ${access_token}` },
      payload: other.subscription,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);

    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/test-alarm`,
      headers: await t.authHeaders('service_man'),
    });
    expect(denied.statusCode).toBe(403);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/lifts/${lift.id}/test-alarm`,
      headers: await t.authHeaders('admin'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { alarm, controller } = response.json<{ alarm: Alarm; controller: { ok: boolean } }>();
    // No controller connected: the alarm opens all the same.
    expect(controller.ok).toBe(false);
    expect(alarm).toMatchObject({ liftId: lift.id, kind: 'test', code: null, closedAt: null });

    const rows = await db().select().from(outboxMessages).where(eq(outboxMessages.alarmId, alarm.id));
    expect(rows.map((r) => r.channel).sort()).toEqual(['mail', 'push', 'sms']);
    expect(rows.every((r) => r.kind === 'alarm-test' && r.userId === tester)).toBe(true);
    await t.app.alarms.settled();
    const mail = (await readOutbox(t.config.dataDir)).find((m) => m.to === 'tester@alarm.test');
    expect(mail?.subject).toBe(`TEST – Alarm T-${lift.imei}: Testalarm`);
    const sms = (await readSmsOutbox(t.config.dataDir)).find((m) => m.to === '+4917000042');
    expect(sms?.body.startsWith('TEST – Alarm')).toBe(true);
    // This endpoint may still hold pushes of earlier tests: the one of this alarm.
    let payload = (await other.next()).payload as AlarmPushPayload;
    while (payload.alarmId !== alarm.id) payload = (await other.next()).payload as AlarmPushPayload;
    expect(payload.title).toBe(`TEST – Alarm T-${lift.imei}: Testalarm`);

    // Nobody is late acknowledging a test: no escalation.
    const minutes = t.app.settings.current().alarms.escalationMinutes;
    await t.app.alarms.escalate(new Date(Date.now() + (minutes + 1) * MINUTE));
    const [escalated] = await db().select().from(alarms).where(eq(alarms.id, alarm.id));
    expect(escalated?.escalatedAt).toBeNull();

    const ack = await t.app.inject({
      method: 'POST',
      url: `/api/alarms/${alarm.id}/acknowledge`,
      headers: await t.authHeaders('admin'),
    });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json<Alarm>().closedAt).not.toBeNull();
  });
});
