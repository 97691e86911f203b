import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMERGENCY_CALL_CODES } from '../../../contract/device';
import { MSG } from '../../../contract/messages';
import type { AlarmListItem, LineTest } from '../../../contract/schemas/alarm';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { alarms, pushSubscriptions } from '../../db/schema/alarms';
import { outboxMessages } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import { VirtualController } from '../../demo/virtual-controller';
import { readOutbox } from '../../integrations/mail/mailer';
import { startTestPushEndpoint, type TestPushEndpoint } from '../../integrations/push/test-push-endpoint';
import { readSmsOutbox } from '../../integrations/sms/sms';
import { insertLiftWithKey } from '../devices/device-test-kit';

/**
 * The emergency call (docs/alarms.md#emergency-call) with shortened settings: a line test is due
 * every hour, an emergency call escalates after 2 seconds. The periodic runs are driven on a later
 * clock, as the offline tests do.
 */
let t: TestApp;
let baseUrl: string;
let push: TestPushEndpoint;
const controllers: VirtualController[] = [];
const MINUTE = 60_000;
const { lineTest, call } = EMERGENCY_CALL_CODES;

beforeAll(async () => {
  push = await startTestPushEndpoint();
  t = await createTestApp({
    PUSH_ALLOW_HOSTS: push.host,
    EMERGENCY_CALL_TEST_HOURS: '1',
    TRAPPED_ESCALATION_SECONDS: '2',
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const c of controllers.splice(0)) c.close();
});
afterAll(async () => {
  await push.close();
  await t.close();
});

const db = () => t.app.db;

async function connected(lift: { imei: string; key: string }) {
  const c = new VirtualController({ imei: lift.imei, key: lift.key, url: baseUrl, reconnect: false });
  controllers.push(c);
  await c.connect();
  return c;
}

const openOf = (liftId: string, kind: 'emergencyCall' | 'lineTestOverdue') =>
  db()
    .select()
    .from(alarms)
    .where(and(eq(alarms.liftId, liftId), eq(alarms.kind, kind), isNull(alarms.closedAt)));

async function lineTestOf(liftId: string, role: 'service_man' | 'customer' = 'service_man') {
  return t.app.inject({
    method: 'GET',
    url: `/api/lifts/${liftId}/line-test`,
    headers: await t.authHeaders(role),
  });
}

async function serviceMan(email: string, preference: 'nothing' | 'email') {
  const [row] = await db()
    .insert(users)
    .values({
      email,
      displayName: email,
      role: 'service_man',
      status: 'active',
      phoneNumber: '4917000099',
      notificationPreference: preference,
      settings: { language: 'de' },
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

describe('emergency-call line test', () => {
  it('a controller that stops testing its line opens the overdue alarm once after the interval; the next good test closes it', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await connected(lift);
    c.sendEvent({ type: 'info', code: lineTest, active: true, result: 'ok' });
    await c.idle();
    // It goes on reporting its rides, but no line test any more.
    c.sendStats({ trips: 1, operatingHours: 1 });
    await c.idle();

    await t.app.alarms.checkLineTests(new Date(Date.now() + 59 * MINUTE));
    expect(await openOf(lift.id, 'lineTestOverdue')).toHaveLength(0);

    const later = new Date(Date.now() + 61 * MINUTE);
    await t.app.alarms.checkLineTests(later);
    await t.app.alarms.checkLineTests(later);
    const open = await openOf(lift.id, 'lineTestOverdue');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      code: 0,
      name: 'Emergency-call test overdue',
      nameDE: 'Notruf-Testanruf überfällig',
    });

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/alarms?liftId=${lift.id}&state=open`,
      headers: await t.authHeaders('admin'),
    });
    expect(listed.json<{ alarms: AlarmListItem[] }>().alarms).toMatchObject([
      { kind: 'lineTestOverdue', code: null },
    ]);

    c.sendEvent({ type: 'info', code: lineTest, active: true, result: 'ok' });
    await c.idle();
    expect(await openOf(lift.id, 'lineTestOverdue')).toHaveLength(0);
    await t.app.alarms.settled();
  });

  it('a failed test opens the alarm at once; the lift page reads the last test; a good one closes it', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await connected(lift);
    const testedAt = Date.now() - 1000;
    c.sendEvent({ type: 'info', code: lineTest, active: true, result: 'failed', ts: testedAt });
    await c.idle();
    expect(await openOf(lift.id, 'lineTestOverdue')).toHaveLength(1);

    // Admins see every lift; the demo service man does not serve this one.
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/lifts/${lift.id}/line-test`,
      headers: await t.authHeaders('admin'),
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json<LineTest>()).toMatchObject({
      testedAt: new Date(testedAt).toISOString(),
      result: 'failed',
      lastOkAt: null,
    });
    expect((await lineTestOf(lift.id)).statusCode).toBe(404);

    const okAt = Date.now();
    c.sendEvent({ type: 'info', code: lineTest, active: true, result: 'ok', ts: okAt });
    await c.idle();
    expect(await openOf(lift.id, 'lineTestOverdue')).toHaveLength(0);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/lifts/${lift.id}/line-test`,
      headers: await t.authHeaders('admin'),
    });
    expect(after.json<LineTest>()).toEqual({
      testedAt: new Date(okAt).toISOString(),
      result: 'ok',
      lastOkAt: new Date(okAt).toISOString(),
      dueAt: new Date(okAt + 60 * MINUTE).toISOString(),
    });
    await t.app.alarms.settled();
  });

  it('refuses a line test without its result, a result on another event, and an emergency call as an error', async () => {
    const lift = await insertLiftWithKey(db());
    const c = await connected(lift);
    const ts = Date.now();
    for (const [seq, reading] of [
      [1, { seq: 1, ts, type: 'info', code: lineTest, active: true }],
      [2, { seq: 2, ts, type: 'info', code: 12, active: true, result: 'ok' }],
      [3, { seq: 3, ts, type: 'error', code: call, active: true }],
      [4, { seq: 4, ts, type: 'info', code: lineTest, active: true, result: 'maybe' }],
    ] as const) {
      expect(await c.sendRaw('event', reading)).toEqual({ ok: false, seq, error: MSG.invalidValue });
    }
    expect(await db().select().from(alarms).where(eq(alarms.liftId, lift.id))).toHaveLength(0);
  });
});

describe('emergency call: passengers trapped', () => {
  it('tells the service man and the admins at once by mail, SMS and push, comes first, and escalates when nobody acknowledges', async () => {
    // He chose no notifications: an emergency call reaches him anyway.
    const serving = await serviceMan('trapped-service@alarm.test', 'nothing');
    const lift = await insertLiftWithKey(db(), { servicemen: [serving] });
    const [admin] = await db().select().from(users).where(eq(users.email, 'admin@demo.local'));
    if (!admin) throw new Error('no demo admin');
    for (const [userId, n] of [
      [serving, 1],
      [admin.id, 2],
    ] as const) {
      await db()
        .insert(pushSubscriptions)
        .values({
          ...push.subscription.keys,
          endpoint: `${push.subscription.endpoint}/${n}-${lift.imei}`,
          userId,
        });
    }
    const c = await connected(lift);
    c.sendEvent({ type: 'error', code: 4711, active: true });
    c.sendEvent({ type: 'info', code: call, active: true, floor: 2 });
    await c.idle();
    const [alarm] = await openOf(lift.id, 'emergencyCall');
    if (!alarm) throw new Error('no emergency-call alarm');
    expect(alarm).toMatchObject({ floor: 2, nameDE: 'Notruf: Personen eingeschlossen' });

    const rows = await db().select().from(outboxMessages).where(eq(outboxMessages.alarmId, alarm.id));
    const channels = (userId: string) =>
      rows
        .filter((row) => row.userId === userId && row.kind === 'alarm')
        .map((row) => row.channel)
        .sort();
    expect(channels(serving)).toEqual(['mail', 'push', 'sms']);
    expect(channels(admin.id)).toEqual(expect.arrayContaining(['mail', 'push']));

    await t.app.alarms.settled();
    const mails = (await readOutbox(t.config.dataDir)).filter((m) => m.subject.includes(`T-${lift.imei}`));
    expect(mails.find((m) => m.to === 'trapped-service@alarm.test')?.subject).toBe(
      `Alarm T-${lift.imei}: Notruf: Personen eingeschlossen`,
    );
    expect(mails.some((m) => m.to === 'admin@demo.local')).toBe(true);
    const sms = (await readSmsOutbox(t.config.dataDir)).find((m) => m.to === '+4917000099');
    expect(sms?.body).toContain('Notruf: Personen eingeschlossen');

    // First in the list, above the fault that may hold passengers too.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/alarms?liftId=${lift.id}&state=open`,
      headers: await t.authHeaders('admin'),
    });
    expect(listed.json<{ alarms: AlarmListItem[] }>().alarms.map((a) => a.kind)).toEqual([
      'emergencyCall',
      'error',
    ]);

    // Not yet one second after it opened (by the run's clock); after the two of the setting, once,
    // however often the run comes.
    await t.app.alarms.escalate(new Date(alarm.createdAt.getTime() + 1000));
    expect((await openOf(lift.id, 'emergencyCall'))[0]?.escalatedAt).toBeNull();
    const later = new Date(alarm.createdAt.getTime() + 3000);
    await t.app.alarms.escalate(later);
    await t.app.alarms.escalate(later);
    expect((await openOf(lift.id, 'emergencyCall'))[0]?.escalatedAt).not.toBeNull();
    // The error alarm waits its minutes.
    const [error] = await db()
      .select()
      .from(alarms)
      .where(and(eq(alarms.liftId, lift.id), eq(alarms.kind, 'error')));
    expect(error?.escalatedAt).toBeNull();
    const escalations = (await db().select().from(outboxMessages).where(eq(outboxMessages.alarmId, alarm.id)))
      .filter((row) => row.kind === 'escalation')
      .map(
        (row) =>
          `${row.userId === serving ? 'service' : row.userId === admin.id ? 'admin' : 'other'}:${row.channel}`,
      );
    expect(escalations).toEqual(expect.arrayContaining(['service:mail', 'service:sms', 'admin:mail']));
    await t.app.alarms.settled();

    // The call reset on site closes it.
    c.sendEvent({ type: 'info', code: call, active: false });
    await c.idle();
    expect(await openOf(lift.id, 'emergencyCall')).toHaveLength(0);
  });

  it('does not escalate once acknowledged', async () => {
    const serving = await serviceMan('trapped-ack@alarm.test', 'email');
    const lift = await insertLiftWithKey(db(), { servicemen: [serving] });
    const c = await connected(lift);
    c.sendEvent({ type: 'info', code: call, active: true });
    await c.idle();
    const [alarm] = await openOf(lift.id, 'emergencyCall');
    if (!alarm) throw new Error('no emergency-call alarm');
    const acknowledged = await t.app.inject({
      method: 'POST',
      url: `/api/alarms/${alarm.id}/acknowledge`,
      headers: await t.authHeaders('admin'),
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    await t.app.alarms.escalate(new Date(Date.now() + 10_000));
    const [after] = await openOf(lift.id, 'emergencyCall');
    expect(after?.escalatedAt).toBeNull();
    // Acknowledged is not freed: it stays open until the call is reset on site.
    expect(after?.acknowledgedAt).not.toBeNull();
    await t.app.alarms.settled();
  });
});
