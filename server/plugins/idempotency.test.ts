import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contract/messages';
import type { Role } from '../../contract/roles';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';
import { idempotencyKeys } from '../db/schema/idempotency';
import { lifts } from '../db/schema/lifts';
import { createLiftFixtures, type LiftFixtures } from '../modules/lifts/lift-fixtures';
import { requestFingerprint } from './idempotency';

let t: TestApp;
let f: LiftFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await createLiftFixtures(t);
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `key-${Date.now()}-${++keys}`;

async function putLift(key: string | undefined, payload: object, role: Role = 'admin', id = f.own.id) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/lifts/${id}`,
    headers: { ...(await t.authHeaders(role)), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
}

async function versionOf(id = f.own.id) {
  const [row] = await t.database.handle.db
    .select({ version: lifts.version })
    .from(lifts)
    .where(eq(lifts.id, id));
  return row?.version;
}

describe('Idempotency-Key', () => {
  it('does a write once and answers the first answer again, marked as replayed', async () => {
    const key = newKey();
    const before = await versionOf();
    const first = await putLift(key, { maxTrips: 111 });
    const second = await putLift(key, { maxTrips: 111 });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.body).toBe(first.body);
    expect(await versionOf()).toBe((before ?? 0) + 1);
  });

  it('keeps no answer readable at rest: a registered lift’s device key is stored encrypted and replayed whole', async () => {
    const key = newKey();
    const register = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/lifts/register',
        headers: { ...(await t.authHeaders('admin')), 'idempotency-key': key },
        payload: {
          uid: `IDEM-${keys}`,
          address: 'Kellerweg 1, Berlin',
          imei: String(480_000_000_000_000 + keys),
          customers: [f.ids.customer],
        },
      });
    const first = await register();
    expect(first.statusCode).toBe(201);
    const { deviceKey } = first.json<{ deviceKey: string }>();

    const [row] = await t.database.handle.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(row?.body).toBeTruthy();
    expect(row?.body).not.toContain(deviceKey);
    expect(row?.body).not.toContain('IDEM-');

    const again = await register();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<{ deviceKey: string }>().deviceKey).toBe(deviceKey);
  });

  it('does a write once when two requests with one key arrive together', async () => {
    const key = newKey();
    const before = await versionOf();
    const answers = await Promise.all([putLift(key, { maxTrips: 222 }), putLift(key, { maxTrips: 222 })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.body).toBe(answers[1]?.body);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await versionOf()).toBe((before ?? 0) + 1);
  });

  it('refuses the same key on another request with 422', async () => {
    const key = newKey();
    expect((await putLift(key, { maxTrips: 333 })).statusCode).toBe(200);
    const other = await putLift(key, { maxTrips: 333 }, 'admin', f.foreign.id);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: MSG.idempotencyKeyReused });
  });

  it('refuses the same key with another body with 422, and changes nothing', async () => {
    const key = newKey();
    expect((await putLift(key, { maxTrips: 444 })).statusCode).toBe(200);
    const before = await versionOf();
    const other = await putLift(key, { maxTrips: 445 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: MSG.idempotencyKeyReused });
    expect(await versionOf()).toBe(before);
  });

  it('keeps keys per user', async () => {
    const key = newKey();
    const before = await versionOf();
    const admin = await putLift(key, { maxTrips: 444 }, 'admin');
    const dev = await putLift(key, { maxTrips: 445 }, 'dev');
    expect(admin.headers['idempotent-replayed']).toBeUndefined();
    expect(dev.headers['idempotent-replayed']).toBeUndefined();
    expect(dev.json()).toMatchObject({ maxTrips: 445 });
    expect(await versionOf()).toBe((before ?? 0) + 2);
  });

  it('replays a 4xx answer', async () => {
    const key = newKey();
    const stale = await putLift(key, { maxTrips: 555, baseVersion: 1 });
    expect(stale.statusCode).toBe(409);
    const current = await versionOf();
    const again = await putLift(key, { maxTrips: 555, baseVersion: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(stale.body);
    expect(await versionOf()).toBe(current);
  });

  it('forgets a 5xx answer, so a retry runs again', async () => {
    const db = t.database.handle.db;
    await db.execute(sql`create function fail_lift_write() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end; $$`);
    await db.execute(sql`create trigger fail_lift_write before update on lifts
      for each row when (new.max_trips = 666) execute function fail_lift_write()`);
    const key = newKey();
    const before = await versionOf();
    try {
      const failed = await putLift(key, { maxTrips: 666 });
      expect(failed.statusCode).toBe(500);
      expect(await versionOf()).toBe(before);
    } finally {
      await db.execute(sql`drop trigger fail_lift_write on lifts`);
      await db.execute(sql`drop function fail_lift_write()`);
    }
    const retry = await putLift(key, { maxTrips: 666 });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await versionOf()).toBe((before ?? 0) + 1);
  });

  it('keeps a change only together with its answer: when the answer cannot be stored, the change is undone', async () => {
    const db = t.database.handle.db;
    await db.execute(sql`create function fail_answer() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end; $$`);
    await db.execute(sql`create trigger fail_answer before update on idempotency_keys
      for each row when (new.status_code is not null) execute function fail_answer()`);
    const key = newKey();
    const before = await versionOf();
    try {
      const failed = await putLift(key, { maxTrips: 444 });
      expect(failed.statusCode).toBe(500);
      expect(await versionOf()).toBe(before);
      const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(row).toBeUndefined();
    } finally {
      await db.execute(sql`drop trigger fail_answer on idempotency_keys`);
      await db.execute(sql`drop function fail_answer()`);
    }
    const retry = await putLift(key, { maxTrips: 444 });
    expect(retry.statusCode).toBe(200);
    expect(await versionOf()).toBe((before ?? 0) + 1);
  });

  it('refuses a malformed key with 400 and leaves writes without a key alone', async () => {
    for (const key of ['has space', 'x'.repeat(201), 'ümlaut']) {
      const answer = await putLift(key, { maxTrips: 777 });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: MSG.invalidIdempotencyKey });
    }
    const before = await versionOf();
    await putLift(undefined, { maxTrips: 778 });
    await putLift(undefined, { maxTrips: 778 });
    expect(await versionOf()).toBe((before ?? 0) + 2);
  });

  it('skips routes without sign-in', async () => {
    const key = newKey();
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/authenticate',
        headers: { 'idempotency-key': key },
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
    await signIn();
    const again = await signIn();
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('takes over a key whose first request died long ago', async () => {
    const key = newKey();
    await t.database.handle.db.insert(idempotencyKeys).values({
      userId: f.ids.admin,
      key,
      request: requestFingerprint('PUT', `/api/lifts/${f.own.id}`, { maxTrips: 888 }),
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const before = await versionOf();
    const answer = await putLift(key, { maxTrips: 888 });
    expect(answer.statusCode).toBe(200);
    expect(await versionOf()).toBe((before ?? 0) + 1);
  });

  it('is documented on signed-in writes in the OpenAPI document, not on reads or sign-in', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const headerNames = (operation: { parameters?: { in: string; name: string }[] }) =>
      (operation.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
    expect(headerNames(document.paths['/api/lifts/{id}'].put)).toContain('Idempotency-Key');
    expect(headerNames(document.paths['/api/lifts/{id}'].get)).not.toContain('Idempotency-Key');
    expect(headerNames(document.paths['/api/users/authenticate'].post)).not.toContain('Idempotency-Key');
  });

  it('answers 429 with Retry-After while the first request is still pending', async () => {
    const key = newKey();
    await t.database.handle.db.insert(idempotencyKeys).values({
      userId: f.ids.admin,
      key,
      request: requestFingerprint('PUT', `/api/lifts/${f.own.id}`, { maxTrips: 999 }),
    });
    const before = await versionOf();
    const answer = await putLift(key, { maxTrips: 999 });
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json()).toEqual({ message: MSG.stillProcessing });
    expect(await versionOf()).toBe(before);
  }, 30_000);
});
