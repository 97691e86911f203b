import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../contract/messages';
import { DashboardSummarySchema } from '../../../contract/schemas/dashboard';
import { LiftListResponseSchema, LiftRegisteredSchema, LiftSchema } from '../../../contract/schemas/lift';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { userIdsWhoSeeLifts } from '../../access/lifts';
import { lifts, liftUsers } from '../../db/schema/lifts';
import { maintenancePlans } from '../../db/schema/maintenance';
import { messages } from '../../db/schema/messages';
import { createLiftFixtures, type LiftFixtures } from './lift-fixtures';
import { hashDeviceKey } from './lifts.repository';

let t: TestApp;
let f: LiftFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await createLiftFixtures(t);
});
afterAll(() => t.close());

const as = async (
  role: 'dev' | 'admin' | 'customer',
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: await t.authHeaders(role), ...(payload ? { payload } : {}) });

let imeiCounter = 0;
const newLift = (extra: object = {}) => ({
  uid: `T-${++imeiCounter}`,
  address: `Teststraße ${imeiCounter}, 10115 Berlin`,
  imei: String(490_000_000_000_000 + imeiCounter),
  customers: [f.ids.customer],
  ...extra,
});

describe('register', () => {
  it('answers 201 with the lift and a device key that is stored only as its SHA-256', async () => {
    const response = await as(
      'admin',
      'POST',
      '/api/lifts/register',
      newLift({ servicemen: [f.ids.service_man] }),
    );

    expect(response.statusCode).toBe(201);
    const lift = v.parse(LiftRegisteredSchema, response.json());
    expect(lift.deviceKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(lift.customers).toEqual([f.ids.customer]);
    expect(lift.servicemen).toEqual([f.ids.service_man]);
    expect(lift.assignedUsers.map((user) => user.displayName).sort()).toEqual([
      'Klaus Becker',
      'Stefan Wagner',
    ]);
    expect(lift.simVolumeStatus).toBe('noSim');
    expect(lift.version).toBe(1);
    const [row] = await t.database.handle.db.select().from(lifts).where(eq(lifts.id, lift.id));
    expect(row?.deviceKeyHash).toBe(hashDeviceKey(lift.deviceKey));
    expect(JSON.stringify(row)).not.toContain(lift.deviceKey);
    const again = (await as('admin', 'GET', `/api/lifts/${lift.id}`)).json();
    expect(again).not.toHaveProperty('deviceKey');
    expect(JSON.stringify(again)).not.toContain(row?.deviceKeyHash);
  });

  it('refuses a duplicate uid and IMEI on their fields', async () => {
    const response = await as(
      'admin',
      'POST',
      '/api/lifts/register',
      newLift({ uid: f.own.uid, imei: f.own.imei }),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ uid: MSG.duplicateUid, imei: MSG.duplicateImei });
  });

  it('refuses customers and service men of the wrong role or unknown', async () => {
    const response = await as(
      'admin',
      'POST',
      '/api/lifts/register',
      newLift({ customers: [f.ids.service_man], servicemen: [f.ids.customer] }),
    );
    const unknown = await as(
      'admin',
      'POST',
      '/api/lifts/register',
      newLift({ customers: [crypto.randomUUID()] }),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      customers: MSG.notACustomer,
      servicemen: MSG.notAServiceman,
    });
    expect(unknown.json().fieldErrors).toEqual({ customers: MSG.notACustomer });
  });

  it('rotates the device key: a new key, once, and the old hash replaced', async () => {
    const registered = (await as('admin', 'POST', '/api/lifts/register', newLift())).json();
    const rotated = await as('admin', 'POST', `/api/lifts/${registered.id}/device-key`);

    expect(rotated.statusCode).toBe(200);
    const { deviceKey } = rotated.json();
    expect(deviceKey).not.toBe(registered.deviceKey);
    const [row] = await t.database.handle.db.select().from(lifts).where(eq(lifts.id, registered.id));
    expect(row?.deviceKeyHash).toBe(hashDeviceKey(deviceKey));
  });
});

describe('update', () => {
  it('changes a subset, bumps the version, replaces assignments', async () => {
    const lift = (await as('admin', 'POST', '/api/lifts/register', newLift())).json();
    const response = await as('admin', 'PUT', `/api/lifts/${lift.id}`, {
      address: 'Neue Adresse 1, 10115 Berlin',
      servicemen: [f.ids.service_man],
      baseVersion: 1,
    });

    expect(response.statusCode).toBe(200);
    const updated = v.parse(LiftSchema, response.json());
    expect(updated.address).toBe('Neue Adresse 1, 10115 Berlin');
    expect(updated.uid).toBe(lift.uid);
    expect(updated.servicemen).toEqual([f.ids.service_man]);
    expect(updated.customers).toEqual([f.ids.customer]);
    expect(updated.version).toBe(2);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(lift.updatedAt));
  });

  it('answers 409 with the current lift for a stale baseVersion and changes nothing', async () => {
    const lift = (await as('admin', 'POST', '/api/lifts/register', newLift())).json();
    await as('admin', 'PUT', `/api/lifts/${lift.id}`, { maxTrips: 10 });

    const stale = await as('admin', 'PUT', `/api/lifts/${lift.id}`, { maxTrips: 20, baseVersion: 1 });

    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.message).toBe(MSG.staleVersion);
    expect(v.parse(LiftSchema, body.current)).toMatchObject({ id: lift.id, version: 2, maxTrips: 10 });
  });

  it('refuses taking another lift’s uid', async () => {
    const response = await as('admin', 'PUT', `/api/lifts/${f.foreign.id}`, { uid: f.own.uid });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ uid: MSG.duplicateUid });
  });
});

describe('delete', () => {
  it('leaves tombstones that disappear from lists and answer 404', async () => {
    const lift = (await as('admin', 'POST', '/api/lifts/register', newLift())).json();
    const response = await as('admin', 'POST', '/api/lift-app/remove-lifts', { ids: [lift.id] });

    expect(response.json()).toEqual({ message: MSG.deleted, count: 1 });
    const list = (await as('admin', 'GET', '/api/lifts?pageSize=100')).json();
    expect(list.lifts.map((l: { id: string }) => l.id)).not.toContain(lift.id);
    expect((await as('admin', 'GET', `/api/lifts/${lift.id}`)).statusCode).toBe(404);
    expect((await as('admin', 'PUT', `/api/lifts/${lift.id}`, { maxTrips: 1 })).statusCode).toBe(404);
    const [row] = await t.database.handle.db.select().from(lifts).where(eq(lifts.id, lift.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.version).toBe(2);
    // The uid and IMEI are free again.
    const reused = await as(
      'admin',
      'POST',
      '/api/lifts/register',
      newLift({ uid: lift.uid, imei: lift.imei }),
    );
    expect(reused.statusCode).toBe(201);
  });
});

describe('search, pagination and count', () => {
  it('pages with a stable count', async () => {
    const all = v.parse(LiftListResponseSchema, (await as('admin', 'GET', '/api/lifts?pageSize=100')).json());
    const first = (await as('admin', 'GET', '/api/lifts/getByPagination?page=1&pageSize=2')).json();
    const beyond = (await as('admin', 'GET', '/api/lifts/getByPagination?page=1000&pageSize=2')).json();

    expect(all.count).toBe(all.lifts.length);
    expect(first.count).toBe(all.count);
    expect(first.lifts).toHaveLength(2);
    expect(beyond).toEqual({ lifts: [], count: all.count });
  });

  it.each([
    ['uid', 'own-1'],
    ['address', 'FRIEDRICHSTRASSE'.toLowerCase().replace('ss', 'ß')],
    ['IMEI', '35643809'],
    ['ICCID', '1111111111'],
  ])('finds by %s, case-insensitively', async (_field, term) => {
    const body = (await as('admin', 'GET', `/api/lifts?search=${encodeURIComponent(term)}`)).json();
    expect(body.lifts.map((lift: { id: string }) => lift.id)).toEqual([f.own.id]);
    expect(body.count).toBe(1);
  });

  it('counts a registered and a deleted lift at once, though counts are shared for a second', async () => {
    const countOf = async (role: 'admin' | 'customer') =>
      (await as(role, 'GET', '/api/lifts/getByPagination?pageSize=1')).json().count as number;
    const [adminBefore, customerBefore] = [await countOf('admin'), await countOf('customer')];

    const registered = (await as('admin', 'POST', '/api/lifts/register', newLift())).json();
    expect([await countOf('admin'), await countOf('customer')]).toEqual([
      adminBefore + 1,
      customerBefore + 1,
    ]);

    await as('admin', 'POST', '/api/lifts/deleteByIds', { ids: [registered.id] });
    expect([await countOf('admin'), await countOf('customer')]).toEqual([adminBefore, customerBefore]);
  });

  it('never lists a lift that left the scope once the change is announced, though lists are shared for a second', async () => {
    const lift = (await as('admin', 'POST', '/api/lifts/register', newLift())).json<{ id: string }>();
    const listed = async () =>
      (await as('customer', 'GET', '/api/lifts/getByPagination?pageSize=100'))
        .json<{ lifts: { id: string }[] }>()
        .lifts.map((entry) => entry.id);
    expect(await listed()).toContain(lift.id);

    expect(await listed()).toContain(lift.id); // the shared page

    // As another process would: no write of this one forgets the shared scope and pages; the
    // database's notification does (migration 0026), once it has arrived.
    await t.database.handle.db
      .delete(liftUsers)
      .where(and(eq(liftUsers.liftId, lift.id), eq(liftUsers.userId, f.ids.customer)));
    await t.app.liftLists.settled();
    expect(await listed()).not.toContain(lift.id);
    // A write of this app forgets the shared scopes, so later tests count afresh.
    await as('admin', 'POST', '/api/lift-app/remove-lifts', { ids: [lift.id] });
  });

  it("shares a page for a second; a user's write through the API shows at once", async () => {
    const page = async () =>
      (await as('customer', 'GET', '/api/lifts/getByPagination?pageSize=100'))
        .json<{
          lifts: { id: string; stats: { trips: number }; maintenance: { everyTrips: number | null } }[];
        }>()
        .lifts.find((lift) => lift.id === f.own.id);
    // Earlier tests' writes are announced by NOTIFY; let them arrive before the page is shared.
    await t.app.liftLists.settled();
    // The clock stands still, so the second is not over however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    let before: Awaited<ReturnType<typeof page>>;
    try {
      before = await page();
      // As a controller's readings would: its live state goes by socket, the shared page stays.
      await t.database.handle.db
        .update(lifts)
        .set({ trips: (before?.stats.trips ?? 0) + 1 })
        .where(eq(lifts.id, f.own.id));
      expect((await page())?.stats.trips).toBe(before?.stats.trips);

      const plan = await t.app.inject({
        method: 'PUT',
        url: `/api/lifts/${f.own.id}/maintenance-plan`,
        headers: await t.authHeaders('admin'),
        payload: { everyTrips: 5000, everyHours: null, everyMonths: null },
      });
      expect(plan.statusCode).toBe(200);
      const after = await page();
      expect(after?.maintenance.everyTrips).toBe(5000);
      expect(after?.stats.trips).toBe((before?.stats.trips ?? 0) + 1);
    } finally {
      vi.useRealTimers();
      // Later tests set their own plan and trips.
      await t.database.handle.db.delete(maintenancePlans).where(eq(maintenancePlans.liftId, f.own.id));
      await t.database.handle.db
        .update(lifts)
        .set({ trips: before?.stats.trips ?? 0 })
        .where(eq(lifts.id, f.own.id));
    }
  });

  it('sorts by a known column either way, and refuses an unknown one on `sort`', async () => {
    const tripsOf = async (sort: string) =>
      (
        (await as('admin', 'GET', `/api/lifts?pageSize=100&sort=${sort}`)).json().lifts as {
          stats: { trips: number };
        }[]
      ).map((lift) => lift.stats.trips);
    const ascending = await tripsOf('trips');
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await tripsOf('-trips')).toEqual([...ascending].reverse());

    const unknown = await as('admin', 'GET', '/api/lifts?sort=deviceKeyHash');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ sort: MSG.invalidValue });
  });

  it('searches % and _ literally', async () => {
    expect((await as('admin', 'GET', '/api/lifts?search=%25')).json().count).toBe(0);
    expect((await as('admin', 'GET', '/api/lifts?search=_')).json().count).toBe(0);
  });

  it('shows SIM volume status and maintenance state', async () => {
    const own = v.parse(LiftSchema, (await as('customer', 'GET', `/api/lifts/${f.own.id}`)).json());
    const foreign = v.parse(LiftSchema, (await as('admin', 'GET', `/api/lifts/${f.foreign.id}`)).json());
    expect(own.simVolumeStatus).toBe('low');
    expect(foreign.simVolumeStatus).toBe('sufficient');
    expect(own.state).toEqual({ online: false, lastSeenAt: null, currentError: null, maintenanceDue: false });
  });
});

describe('summary', () => {
  it('counts lifts, trips ridden and errors raised in the range', async () => {
    const db = t.database.handle.db;
    const now = Date.now();
    const year = new Date(now).getUTCFullYear();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
    await db.insert(messages).values([
      { year, liftId: f.own.id, kind: 'stats', trips: 1000, operatingHours: 10, at: at(100) },
      { year, liftId: f.own.id, kind: 'stats', trips: 1100, operatingHours: 11, at: at(40) },
      { year, liftId: f.own.id, kind: 'stats', trips: 1150, operatingHours: 12, at: at(1 / 60) },
      { year, liftId: f.own.id, kind: 'error', code: 110, active: false, at: at(30) },
    ]);
    // Its own plan: due every 100 trips, and 150 were ridden since the first reading.
    await db.insert(maintenancePlans).values({ liftId: f.own.id, everyTrips: 100 });
    await db
      .update(lifts)
      .set({
        online: true,
        trips: 1150,
        activeErrors: [{ code: 101, since: at(0.5).toISOString() }],
        brokenSince: at(0.5),
      })
      .where(eq(lifts.id, f.own.id));

    const week = v.parse(
      DashboardSummarySchema,
      (await as('customer', 'GET', '/api/lifts/summary?range=last7Days')).json(),
    );
    const defaultRange = (await as('customer', 'GET', '/api/lifts/summary')).json();

    const seen = (await as('customer', 'GET', '/api/lifts')).json().count;
    expect(seen).toBeGreaterThan(1);
    // The tile counts what the due list shows: the same computation (contract/maintenance.ts).
    const dueList = (await as('customer', 'GET', '/api/maintenance/due')).json();
    expect(dueList.items.map((item: { liftId: string }) => item.liftId)).toContain(f.own.id);
    expect(week.counts).toEqual({
      total: seen,
      online: 1,
      offline: seen - 1,
      inError: 1,
      maintenanceDue: dueList.items.length,
    });
    expect(week.trips).toBe(150);
    // The fixture's error raised now; the cleared one is not counted.
    expect(week.errors).toBe(1);
    expect(week.attention[0]?.id).toBe(f.own.id);
    expect(week.attention).toHaveLength(Math.min(seen, 10));
    expect(week.attention[0]?.state.currentError?.code).toBe(101);
    expect(week.attention[0]?.stats.brokenHours).toBeGreaterThan(0.4);
    expect(defaultRange.range).toBe('today');
  });
});

describe('userIdsWhoSeeLifts', () => {
  it('names, per lift, customers, service men and the customer admins of their company', async () => {
    const seers = await userIdsWhoSeeLifts(t.database.handle.db, [f.own.id, f.foreign.id]);

    expect(seers.get(f.own.id)?.sort()).toEqual(
      [f.ids.customer, f.ids.service_man, f.ids.customer_admin].sort(),
    );
    expect(seers.get(f.foreign.id)?.sort()).toEqual([f.otherCustomerId, f.otherServiceManId].sort());
    expect(await userIdsWhoSeeLifts(t.database.handle.db, [])).toEqual(new Map());
  });
});
