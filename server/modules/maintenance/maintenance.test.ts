import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, berlinDay, lastVisitOf, maintenanceDueList } from '../../../contract/maintenance';
import type { DashboardSummary } from '../../../contract/schemas/dashboard';
import type { Lift } from '../../../contract/schemas/lift';
import type { LiftMaintenance, MaintenanceVisit } from '../../../contract/schemas/maintenance';
import type { SyncPullResponse } from '../../../contract/schemas/sync';
import { clientSettings, DEFAULT_SETTINGS } from '../../../contract/settings';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { lifts } from '../../db/schema/lifts';
import { users } from '../../db/schema/users';
import { readOutbox } from '../../integrations/mail/mailer';
import { insertLiftWithKey } from '../devices/device-test-kit';
import { writeBatch } from '../telemetry/reading-path';
import { sendMaintenanceNotices } from './maintenance-notices';

/** Maintenance plans, due lists, visits, notices and stickers (docs/maintenance.md). */

let t: TestApp;
let overdue: { id: string };
let fresh: { id: string };
let foreign: { id: string };
let serviceManId: string;

type Role = 'admin' | 'customer_admin' | 'customer' | 'service_man';
async function call(method: 'GET' | 'POST' | 'PUT', url: string, role: Role, payload?: object, headers = {}) {
  return t.app.inject({ method, url, payload, headers: { ...(await t.authHeaders(role)), ...headers } });
}

beforeAll(async () => {
  t = await createTestApp();
  const customer = (await t.signInAs('customer')).user.id;
  serviceManId = (await t.signInAs('service_man')).user.id;
  overdue = await insertLiftWithKey(t.app.db, { customers: [customer], servicemen: [serviceManId] });
  fresh = await insertLiftWithKey(t.app.db, { customers: [customer], servicemen: [serviceManId] });
  foreign = await insertLiftWithKey(t.app.db);
  // Past the default plan of 50,000 trips.
  await t.app.db.update(lifts).set({ trips: 60_000, operatingHours: 300 }).where(eq(lifts.id, overdue.id));
  await t.app.db.update(lifts).set({ trips: 60_000 }).where(eq(lifts.id, foreign.id));
});

afterAll(async () => {
  await t?.close();
});

describe('GET /maintenance/due', () => {
  it('lists overdue lifts of the scope, not lifts far from due', async () => {
    const admin = await call('GET', '/api/maintenance/due', 'admin');
    expect(admin.statusCode, admin.body).toBe(200);
    const ids = admin.json<{ items: { liftId: string }[] }>().items.map((item) => item.liftId);
    expect(ids).toEqual(expect.arrayContaining([overdue.id, foreign.id]));
    expect(ids).not.toContain(fresh.id);
    const mine = (await call('GET', '/api/maintenance/due', 'service_man')).json<{
      today: string;
      noticeDays: number;
      items: { liftId: string; status: string; reason: string; servicemen: { id: string }[] }[];
    }>();
    expect(mine.today).toBe(berlinDay());
    expect(mine.noticeDays).toBe(7);
    expect(mine.items).toEqual([
      expect.objectContaining({
        liftId: overdue.id,
        status: 'overdue',
        reason: 'trips',
        servicemen: [expect.objectContaining({ id: serviceManId })],
      }),
    ]);
    // Within 200 days the new lift's six months are not reached; within 365 they are.
    const within = async (days: number) =>
      (await call('GET', `/api/maintenance/due?days=${days}`, 'service_man'))
        .json<{ items: { liftId: string }[] }>()
        .items.map((item) => item.liftId);
    expect(await within(150)).not.toContain(fresh.id);
    expect(await within(200)).toContain(fresh.id);
  });

  it('agrees with the lift’s badge, the tile and “Needs attention”', async () => {
    const state = async (id: string) =>
      (await call('GET', `/api/lifts/${id}`, 'service_man')).json<Lift>().state.maintenanceDue;
    expect(await state(overdue.id)).toBe(true);
    expect(await state(fresh.id)).toBe(false);
    const summary = (await call('GET', '/api/lifts/summary', 'service_man')).json<DashboardSummary>();
    expect(summary.counts.maintenanceDue).toBe(1);
    const attention = new Map(summary.attention.map((lift) => [lift.id, lift.state.maintenanceDue]));
    expect(attention.get(overdue.id)).toBe(true);
    // Offline and not due: listed after the due one, if at all.
    expect(summary.attention[0]?.id).toBe(overdue.id);
  });

  it('counts the first interval from the first reading the portal received', async () => {
    const lift = await insertLiftWithKey(t.app.db);
    const at = Date.now() - 3_600_000;
    const stats = (seq: number, trips: number, operatingHours: number) => ({
      kind: 'stats' as const,
      liftId: lift.id,
      imei: lift.imei,
      reading: { seq, ts: at + seq * 1000, trips, operatingHours },
    });
    await writeBatch(t.app.db, [stats(2, 70_100, 410), stats(1, 70_000, 400)]);
    await writeBatch(t.app.db, [stats(3, 90_000, 600)]);
    const seen = (await call('GET', `/api/lifts/${lift.id}`, 'admin')).json<Lift>();
    expect(seen.maintenance.baseline).toEqual({ trips: 70_000, operatingHours: 400 });
    // 20,000 of the default 50,000 trips ridden since then, although the counter is past 50,000;
    // at today's pace the rest takes two days, within the notice days: due, not overdue.
    const detail = (await call('GET', `/api/lifts/${lift.id}/maintenance`, 'admin')).json<LiftMaintenance>();
    expect(detail.due).toMatchObject({ status: 'due', reason: 'trips', tripsLeft: 30_000 });
    expect(seen.state.maintenanceDue).toBe(true);
  });
});

describe('visits', () => {
  it('are recorded by the lift’s service man once per Idempotency-Key and reset the plan', async () => {
    const today = berlinDay();
    const body = {
      visitedOn: today,
      workDone: 'Ropes checked, doors adjusted',
      notes: 'All fine',
      photoUrls: ['https://example.com/p.jpg'],
    };
    const first = await call('POST', `/api/lifts/${overdue.id}/maintenance`, 'service_man', body, {
      'idempotency-key': 'visit-1',
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call('POST', `/api/lifts/${overdue.id}/maintenance`, 'service_man', body, {
      'idempotency-key': 'visit-1',
    });
    expect(again.json<MaintenanceVisit>().id).toBe(first.json<MaintenanceVisit>().id);
    const detail = (
      await call('GET', `/api/lifts/${overdue.id}/maintenance`, 'customer')
    ).json<LiftMaintenance>();
    expect(detail.visits).toHaveLength(1);
    expect(detail.visits[0]).toMatchObject({
      visitedOn: today,
      trips: 60_000,
      recordedBy: serviceManId,
      workDone: body.workDone,
    });
    expect(detail.due.status).toBe('ok');
    expect(detail.due.tripsLeft).toBe(50_000);
    const due = (await call('GET', '/api/maintenance/due', 'service_man')).json<{ items: unknown[] }>();
    expect(due.items).toEqual([]);
    const lift = (await call('GET', `/api/lifts/${overdue.id}`, 'service_man')).json<Lift>();
    expect(lift.state.maintenanceDue).toBe(false);
  });

  it('refuses customers, lifts out of scope, days ahead and empty work', async () => {
    const body = { visitedOn: berlinDay(), workDone: 'x' };
    expect((await call('POST', `/api/lifts/${fresh.id}/maintenance`, 'customer', body)).statusCode).toBe(403);
    expect((await call('POST', `/api/lifts/${foreign.id}/maintenance`, 'service_man', body)).statusCode).toBe(
      404,
    );
    const ahead = await call('POST', `/api/lifts/${fresh.id}/maintenance`, 'service_man', {
      ...body,
      visitedOn: '2999-01-01',
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toMatchObject({
      fieldErrors: { visitedOn: 'Enter a date as YYYY-MM-DD, not in the future' },
    });
    const impossible = await call('POST', `/api/lifts/${fresh.id}/maintenance`, 'service_man', {
      ...body,
      visitedOn: '2026-02-30',
    });
    expect(impossible.statusCode).toBe(400);
    const empty = await call('POST', `/api/lifts/${fresh.id}/maintenance`, 'service_man', {
      ...body,
      workDone: '  ',
    });
    expect(empty.json()).toMatchObject({ fieldErrors: { workDone: 'Describe the work done' } });
  });

  it('takes a plan of the lift’s own from an admin', async () => {
    const set = await call('PUT', `/api/lifts/${fresh.id}/maintenance-plan`, 'admin', { everyMonths: 1 });
    expect(set.json()).toEqual({ everyTrips: 50_000, everyHours: 1000, everyMonths: 1, custom: true });
    expect(
      (await call('PUT', `/api/lifts/${fresh.id}/maintenance-plan`, 'customer_admin', { everyMonths: 1 }))
        .statusCode,
    ).toBe(403);
    const detail = (
      await call('GET', `/api/lifts/${fresh.id}/maintenance`, 'service_man')
    ).json<LiftMaintenance>();
    expect(detail.plan.everyMonths).toBe(1);
    expect(detail.due).toMatchObject({ reason: 'months', dueOn: addMonths(berlinDay(), 1) });
    await call('PUT', `/api/lifts/${fresh.id}/maintenance-plan`, 'admin', { everyMonths: null });
  });

  it('travels with the lift to the mirror, which computes the server’s due list from it', async () => {
    // Far past the default plan since its last visit: on both lists.
    await t.app.db.update(lifts).set({ trips: 500_000 }).where(eq(lifts.id, overdue.id));
    const pullAll = async (cursor?: string) => {
      const pages: SyncPullResponse[] = [];
      for (let next = cursor; ; ) {
        const query = next ? `?cursor=${encodeURIComponent(next)}&limit=2000` : '?limit=2000';
        const page = (await call('GET', `/api/sync/pull${query}`, 'service_man')).json<SyncPullResponse>();
        pages.push(page);
        next = page.cursor;
        if (!page.hasMore) return { pages, cursor: next };
      }
    };
    const first = await pullAll();
    const pulled = (id: string, pages: SyncPullResponse[]) =>
      pages.flatMap((page) => page.lifts).findLast((lift) => lift.id === id);
    expect(pulled(fresh.id, first.pages)?.maintenance).toMatchObject({ everyMonths: null, baseline: null });
    expect(first.pages.at(-1)?.settings).toEqual(clientSettings(t.app.settings.current()));

    // A plan of its own sends the lift again (same version: no offline edit turns into a conflict).
    const version = pulled(fresh.id, first.pages)?.version;
    await call('PUT', `/api/lifts/${fresh.id}/maintenance-plan`, 'admin', { everyMonths: 1 });
    const second = await pullAll(first.cursor);
    expect(pulled(fresh.id, second.pages)).toMatchObject({ version, maintenance: { everyMonths: 1 } });

    // What the PWA does offline: its mirrored lifts and visits, the mirrored settings, one function.
    const pulledLifts = [...first.pages, ...second.pages].flatMap((page) => page.lifts);
    const visits = [...first.pages, ...second.pages].flatMap((page) => page.visits);
    const latest = [...new Map(pulledLifts.map((lift) => [lift.id, lift])).values()];
    const settings = second.pages.at(-1)?.settings ?? clientSettings(DEFAULT_SETTINGS);
    const offline = maintenanceDueList(
      latest.map((lift) => ({
        ...lift,
        lastVisit: lastVisitOf(visits.filter((visit) => visit.liftId === lift.id)),
      })),
      settings.maintenance,
      berlinDay(),
    ).map(({ subject, due }) => ({ liftId: subject.id, ...due }));
    const online = (await call('GET', '/api/maintenance/due', 'service_man'))
      .json<{ items: { liftId: string }[] }>()
      .items.map(({ liftId, status, dueOn, reason, tripsLeft, hoursLeft }: Record<string, unknown>) => ({
        liftId,
        status,
        dueOn,
        reason,
        tripsLeft,
        hoursLeft,
      }));
    expect(offline).toEqual(online);
    expect(online.map((item) => item.liftId)).toContain(overdue.id);
    await call('PUT', `/api/lifts/${fresh.id}/maintenance-plan`, 'admin', { everyMonths: null });
  });
});

describe('notices', () => {
  it('mail the service man once per interval, in his language, however many runs race', async () => {
    await t.app.db.update(lifts).set({ trips: 200_000 }).where(eq(lifts.id, overdue.id));
    await t.app.db
      .update(users)
      .set({ settings: sql`${users.settings} || '{"language":"en"}'::jsonb` })
      .where(eq(users.id, serviceManId));
    const runs = await Promise.all([
      sendMaintenanceNotices(t.app, 'https://portal.test'),
      sendMaintenanceNotices(t.app, 'https://portal.test'),
    ]);
    expect(runs.reduce<number>((sum, n) => sum + (n ?? 0), 0)).toBe(1);
    expect(await sendMaintenanceNotices(t.app, 'https://portal.test')).toBe(0);
    await t.app.outbox.idle();
    const mails = (await readOutbox(t.config.dataDir)).filter((mail) =>
      mail.subject.includes('Maintenance due'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('service@demo.local');
    expect(mails[0]?.links).toContain(`https://portal.test/apps/lift/lifts/${overdue.id}`);
  });
});

describe('GET /lifts/stickers', () => {
  it('answers a PDF of the lifts the user sees, and 404 for one he does not', async () => {
    const pdf = await call('GET', `/api/lifts/stickers?ids=${overdue.id},${fresh.id}`, 'customer');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await call('GET', `/api/lifts/stickers?ids=${overdue.id},${foreign.id}`, 'customer')).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/lifts/stickers?ids=nope', 'customer')).statusCode).toBe(400);
  });
});
