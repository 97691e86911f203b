import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/roles';
import type { Lift } from '../../../contract/schemas/lift';
import { type SyncPullResponse, SyncPullResponseSchema } from '../../../contract/schemas/sync';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { TEST_DB_KIND } from '../../../tests/server/helpers/database';
import { baseEntries } from '../../db/schema/base-data';
import { descriptions } from '../../db/schema/descriptions';
import { liftFiles } from '../../db/schema/files';
import { messageSyncFloors, messages } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import { createLiftFixtures, type LiftFixtures } from '../lifts/lift-fixtures';
import { encodeCursor, scopeFingerprint } from './sync.repository';

const DAY = 86_400_000;
let t: TestApp;
let f: LiftFixtures;
let recentOwn: string[];
let oldOwnId: string;
let recentForeign: string[];
let descriptionIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  f = await createLiftFixtures(t);
  const db = t.database.handle.db;
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const year = (date: Date) => date.getUTCFullYear();
  const message = (liftId: string, daysAgo: number) => ({
    year: year(at(daysAgo)),
    liftId,
    kind: 'error' as const,
    code: 110,
    active: true,
    at: at(daysAgo),
  });
  const own = await db
    .insert(messages)
    .values([message(f.own.id, 1), message(f.own.id, 10), message(f.own.id, 89)])
    .returning();
  recentOwn = [f.ownMessageId, ...own.map((row) => row.id)];
  const [old] = await db.insert(messages).values(message(f.own.id, 100)).returning();
  oldOwnId = old!.id;
  const foreign = await db
    .insert(messages)
    .values([message(f.foreign.id, 2)])
    .returning();
  recentForeign = [f.foreignMessageId, ...foreign.map((row) => row.id)];
  const catalogue = await db
    .insert(descriptions)
    .values([
      { number: 101, name: 'Door jammed', nameDE: 'Tür klemmt', type: 'error' },
      { number: 110, name: 'Overload', nameDE: 'Überlast', type: 'error' },
      { number: 501, name: 'Inspection', nameDE: 'Inspektion', type: 'info' },
    ])
    .returning();
  descriptionIds = catalogue.map((row) => row.id);
});
afterAll(() => t.close());

async function pull(role: Role, cursor?: string, limit?: number): Promise<SyncPullResponse> {
  const query = new URLSearchParams();
  if (cursor !== undefined) query.set('cursor', cursor);
  if (limit !== undefined) query.set('limit', String(limit));
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/sync/pull?${query}`,
    headers: await t.authHeaders(role),
  });
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(SyncPullResponseSchema, response.json());
}

/** Pulls until `hasMore` is false, as a client does; what it collected and the last cursor. */
async function pullAll(role: Role, cursor?: string, limit?: number) {
  const lifts = new Map<string, Lift>();
  const descriptionIdsSeen = new Set<string>();
  const messageIds = new Set<string>();
  const fileIds = new Set<string>();
  const deleted = {
    lifts: new Set<string>(),
    descriptions: new Set<string>(),
    messages: new Set<string>(),
    files: new Set<string>(),
  };
  let pages = 0;
  let page: SyncPullResponse;
  let next = cursor;
  do {
    page = await pull(role, next, limit);
    expect(page.reset).toBe(false);
    pages += 1;
    expect(pages).toBeLessThan(100);
    for (const lift of page.lifts) lifts.set(lift.id, lift);
    for (const description of page.descriptions) descriptionIdsSeen.add(description.id);
    for (const message of page.messages) messageIds.add(message.id);
    for (const file of page.files) fileIds.add(file.id);
    for (const id of page.deleted.lifts) deleted.lifts.add(id);
    for (const id of page.deleted.descriptions) deleted.descriptions.add(id);
    for (const id of page.deleted.messages) deleted.messages.add(id);
    for (const id of page.deleted.files) deleted.files.add(id);
    next = page.cursor;
  } while (page.hasMore);
  return {
    lifts,
    descriptionIds: descriptionIdsSeen,
    messageIds,
    fileIds,
    deleted,
    cursor: page.cursor,
    pages,
  };
}

const sorted = (values: Iterable<string>) => [...values].sort();
const as = async (role: Role, method: 'POST' | 'PUT', url: string, payload: object) => {
  const response = await t.app.inject({ method, url, headers: await t.authHeaders(role), payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
};

describe('first sync', () => {
  it('sends each lift once, though it was assigned after it was written (access changes up to the first page are in force)', async () => {
    const sent: string[] = [];
    let page: SyncPullResponse | undefined;
    let pages = 0;
    do {
      page = await pull('service_man', page?.cursor, 1);
      pages += 1;
      expect(pages).toBeLessThan(100);
      sent.push(...page.lifts.map((lift) => lift.id));
      expect(page.deleted.lifts).toEqual([]);
    } while (page.hasMore);
    expect(sent).toEqual([f.own.id]);
  });

  it('pages through exactly the rows in scope, with small pages as with one', async () => {
    const paged = await pullAll('service_man', undefined, 2);
    expect(paged.pages).toBeGreaterThan(3);
    expect([...paged.lifts.keys()]).toEqual([f.own.id]);
    expect(sorted(paged.messageIds)).toEqual(sorted(recentOwn));
    expect(paged.messageIds.has(oldOwnId)).toBe(false);
    expect(sorted(paged.descriptionIds)).toEqual(sorted(descriptionIds));
    expect(paged.deleted.lifts.size + paged.deleted.messages.size).toBe(0);

    const whole = await pullAll('service_man');
    expect(whole.pages).toBe(1);
    expect(sorted(whole.messageIds)).toEqual(sorted(paged.messageIds));
    expect(whole.lifts.get(f.own.id)?.servicemen).toEqual([f.ids.service_man]);
  });

  it('starts the readings at the floor the telemetry upkeep recorded, and still sends every recent one', async () => {
    const before = await pullAll('service_man', undefined, 2);
    expect(await t.app.telemetry.recordSyncFloor()).toBe(true);
    const [floor] = await t.database.handle.db.select().from(messageSyncFloors);
    expect(floor?.fromAt.getTime()).toBeLessThanOrEqual(Date.now() - 90 * DAY);
    const after = await pullAll('service_man', undefined, 2);
    expect(sorted(after.messageIds)).toEqual(sorted(before.messageIds));
    expect(sorted(after.messageIds)).toEqual(sorted(recentOwn));

    // The pull does read it: a floor above every position (which the upkeep never records) hides them all.
    await t.database.handle.db
      .update(messageSyncFloors)
      .set({ minSeq: sql`(select max(sync_seq) + 1 from messages)` });
    expect((await pullAll('service_man')).messageIds.size).toBe(0);
    await t.database.handle.db.delete(messageSyncFloors);
    expect(sorted((await pullAll('service_man')).messageIds)).toEqual(sorted(recentOwn));
  });

  it('keeps every page within the limit and in one answer shape', async () => {
    const page = await pull('service_man', undefined, 3);
    const rows = [
      page.lifts,
      page.descriptions,
      page.base,
      page.messages,
      page.files,
      page.alarms,
      page.visits,
    ];
    expect(rows.reduce((sum, list) => sum + list.length, 0)).toBe(3);
    expect(page.hasMore).toBe(true);
    expect(page.cursor).not.toBe('');
    expect(Date.parse(page.serverTime)).not.toBeNaN();
  });

  it("shows a customer nothing of another company's lift, and staff everything recent", async () => {
    const customer = await pullAll('customer');
    expect([...customer.lifts.keys()]).toEqual([f.own.id]);
    expect(recentForeign.some((id) => customer.messageIds.has(id))).toBe(false);

    const admin = await pullAll('admin', undefined, 4);
    expect(sorted(admin.lifts.keys())).toEqual(sorted([f.own.id, f.foreign.id]));
    expect(sorted(admin.messageIds)).toEqual(sorted([...recentOwn, ...recentForeign]));
  });
});

describe('delta sync', () => {
  it('answers only what changed since the cursor, and nothing out of scope', async () => {
    const { cursor } = await pullAll('service_man');
    const empty = await pull('service_man', cursor);
    expect(empty.lifts.length + empty.messages.length + empty.descriptions.length).toBe(0);
    expect(empty.hasMore).toBe(false);

    await as('admin', 'PUT', `/api/lifts/${f.own.id}`, { address: 'Unter den Linden 1, 10117 Berlin' });
    await as('admin', 'PUT', `/api/lifts/${f.foreign.id}`, { address: 'Königsallee 2, 40212 Düsseldorf' });
    const delta = await pull('service_man', empty.cursor);
    expect(delta.lifts.map((lift) => [lift.id, lift.address])).toEqual([
      [f.own.id, 'Unter den Linden 1, 10117 Berlin'],
    ]);
    expect(delta.messages).toEqual([]);
    expect(delta.descriptions).toEqual([]);

    await as('service_man', 'PUT', `/api/messages/${f.ownMessageId}`, {
      year: f.year,
      isNotes: true,
      notes: { title: 'Door', notes: 'Cleaned the sill', urls: [] },
    });
    const notes = await pull('service_man', delta.cursor);
    expect(notes.lifts).toEqual([]);
    expect(notes.messages.map((m) => [m.id, m.notes?.notes])).toEqual([[f.ownMessageId, 'Cleaned the sill']]);

    const after = await pull('service_man', notes.cursor);
    expect(after.lifts.length + after.messages.length).toBe(0);
  });

  it('sends a newly assigned lift with its recent messages, and an unassigned one as deleted', async () => {
    const { cursor } = await pullAll('service_man');
    await as('admin', 'PUT', `/api/lifts/${f.foreign.id}`, { servicemen: [f.ids.service_man] });
    const gained = await pullAll('service_man', cursor);
    expect([...gained.lifts.keys()]).toEqual([f.foreign.id]);
    expect(sorted(gained.messageIds)).toEqual(sorted(recentForeign));
    expect(gained.deleted.lifts.size).toBe(0);

    await as('admin', 'PUT', `/api/lifts/${f.foreign.id}`, { servicemen: [f.otherServiceManId] });
    const lost = await pullAll('service_man', gained.cursor);
    expect([...lost.deleted.lifts]).toEqual([f.foreign.id]);
    expect(lost.lifts.size).toBe(0);
  });

  it('splits the messages of a lift that comes into scope over pages, and then goes on with the stream', async () => {
    const registered = await as('admin', 'POST', '/api/lifts/register', {
      uid: 'SYNC-BACKFILL',
      address: 'Schachtweg 3, Berlin',
      imei: '490000000099001',
      customers: [f.ids.customer],
    });
    const liftId = registered.json<{ id: string }>().id;
    const now = Date.now();
    const inserted = await t.database.handle.db
      .insert(messages)
      .values(
        Array.from({ length: 45 }, (_, i) => {
          const at = new Date(now - (i + 1) * 3_600_000);
          return {
            year: at.getUTCFullYear(),
            liftId,
            kind: 'stats' as const,
            trips: i,
            operatingHours: i,
            at,
          };
        }),
      )
      .returning({ id: messages.id });
    const { cursor } = await pullAll('service_man');

    await as('admin', 'PUT', `/api/lifts/${liftId}`, { servicemen: [f.ids.service_man] });
    const limit = 10;
    const seen = new Set<string>();
    let next = cursor;
    let page: SyncPullResponse;
    let pages = 0;
    do {
      page = await pull('service_man', next, limit);
      pages += 1;
      expect(pages).toBeLessThan(20);
      // A page holds at most the stream's limit plus one limit of backfilled messages.
      expect(page.lifts.length + page.messages.length).toBeLessThanOrEqual(2 * limit);
      for (const message of page.messages) seen.add(message.id);
      next = page.cursor;
    } while (page.hasMore);
    expect(pages).toBeGreaterThanOrEqual(4);
    for (const { id } of inserted) expect(seen.has(id)).toBe(true);

    // The stream goes on after the backfill: a new reading of the lift arrives with the next pull.
    const at = new Date();
    const [later] = await t.database.handle.db
      .insert(messages)
      .values({ year: at.getUTCFullYear(), liftId, kind: 'stats', trips: 99, operatingHours: 99, at })
      .returning({ id: messages.id });
    const after = await pullAll('service_man', next);
    expect([...after.messageIds]).toContain(later!.id);
  });

  it('sends every user the base data, and its deletions as tombstones', async () => {
    const db = t.database.handle.db;
    const [entry] = await db
      .insert(baseEntries)
      .values({
        category: 'driveType',
        key: 'sync-hydraulic',
        labelDe: 'Hydraulisch',
        labelEn: 'Hydraulic',
        sort: 99,
      })
      .returning();
    const first = await pull('service_man');
    let cursor = first.cursor;
    const seen = new Set(first.base.map((row) => row.id));
    for (let page = first; page.hasMore; cursor = page.cursor) {
      page = await pull('service_man', page.cursor);
      for (const row of page.base) seen.add(row.id);
    }
    expect(seen.has(entry!.id)).toBe(true);
    await db.update(baseEntries).set({ deletedAt: new Date() }).where(eq(baseEntries.id, entry!.id));
    const after = await pull('service_man', cursor);
    expect(after.deleted.base).toEqual([entry!.id]);
  });

  it("sends a lift's files with it, old or new, their deletions as tombstones, and none of another customer's", async () => {
    const db = t.database.handle.db;
    const file = (liftId: string, uid: string) => ({
      uid,
      liftId,
      name: `${uid}.pdf`,
      size: 10,
      type: 'application/pdf',
      url: 'https://docs.example.com/manual.pdf',
      createdAt: new Date(Date.now() - 400 * DAY),
    });
    const [old, foreign] = await db
      .insert(liftFiles)
      .values([file(f.own.id, 'sync-old-manual'), file(f.foreign.id, 'sync-foreign-manual')])
      .returning();
    const first = await pullAll('service_man');
    expect(first.fileIds.has(old!.id)).toBe(true);
    expect(first.fileIds.has(foreign!.id)).toBe(false);

    const [added] = await db.insert(liftFiles).values(file(f.own.id, 'sync-new-photo')).returning();
    await db.update(liftFiles).set({ deletedAt: new Date() }).where(eq(liftFiles.id, old!.id));
    const delta = await pullAll('service_man', first.cursor);
    expect([...delta.fileIds]).toEqual([added!.id]);
    expect([...delta.deleted.files]).toEqual([old!.id]);

    // The foreign lift comes into scope: its files come with it, and go with it.
    await as('admin', 'PUT', `/api/lifts/${f.foreign.id}`, { servicemen: [f.ids.service_man] });
    const gained = await pullAll('service_man', delta.cursor);
    expect(gained.fileIds.has(foreign!.id)).toBe(true);
    await as('admin', 'PUT', `/api/lifts/${f.foreign.id}`, { servicemen: [f.otherServiceManId] });
    const lost = await pullAll('service_man', gained.cursor);
    expect([...lost.deleted.lifts]).toEqual([f.foreign.id]);
    expect(lost.fileIds.size).toBe(0);
  });

  it('sends a lift again when one of its users is renamed, with the new name and the same version', async () => {
    const before = await pullAll('customer');
    const version = before.lifts.get(f.own.id)?.version;
    await t.database.handle.db
      .update(users)
      .set({ displayName: 'Renamed Service Man' })
      .where(eq(users.id, f.ids.service_man));
    const delta = await pullAll('customer', before.cursor);
    const lift = delta.lifts.get(f.own.id);
    expect(lift?.assignedUsers.map((user) => user.displayName)).toContain('Renamed Service Man');
    expect(lift?.version).toBe(version);
  });

  it('never names a lift to someone whose access it never touched', async () => {
    const customer = await pullAll('customer');
    const serviceMan = await pullAll('service_man');
    await as('admin', 'PUT', `/api/lifts/${f.foreign.id}`, { servicemen: [f.otherServiceManId] });
    await as('admin', 'PUT', `/api/lifts/${f.foreign.id}`, { servicemen: [] });
    for (const [role, before] of [
      ['customer', customer],
      ['service_man', serviceMan],
    ] as const) {
      const delta = await pullAll(role, before.cursor);
      expect(delta.deleted.lifts.has(f.foreign.id), role).toBe(false);
      expect(delta.lifts.has(f.foreign.id), role).toBe(false);
    }
  });

  it('sends deleted lifts, descriptions and messages as deletions; a first sync skips them', async () => {
    const { cursor } = await pullAll('service_man');
    const spare = await as('admin', 'POST', '/api/lifts/register', {
      uid: 'SPARE-1',
      address: 'Alexanderplatz 1, 10178 Berlin',
      imei: '356938035643811',
      customers: [f.ids.customer],
      servicemen: [f.ids.service_man],
    });
    const spareId = spare.json<Lift>().id;
    await as('admin', 'POST', '/api/lifts/deleteByIds', { ids: [spareId] });
    await as('admin', 'POST', '/api/descriptions/deleteByIds', { ids: [descriptionIds[2]] });
    await as('admin', 'POST', '/api/messages/deleteByIds', { ids: [recentOwn[1]], year: f.year });

    const delta = await pullAll('service_man', cursor);
    expect([...delta.deleted.lifts]).toEqual([spareId]);
    expect([...delta.deleted.descriptions]).toEqual([descriptionIds[2]]);
    expect([...delta.deleted.messages]).toEqual([recentOwn[1]]);
    expect(delta.lifts.has(spareId)).toBe(false);

    const fresh = await pullAll('service_man');
    expect(fresh.deleted.lifts.size + fresh.deleted.descriptions.size + fresh.deleted.messages.size).toBe(0);
    expect(fresh.lifts.has(spareId)).toBe(false);
    expect(fresh.descriptionIds.has(descriptionIds[2]!)).toBe(false);
    expect(fresh.messageIds.has(recentOwn[1]!)).toBe(false);
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('concurrent writers', () => {
  it('commit in the order of their sync positions, so a pull in between skips nothing', async () => {
    const { cursor } = await pullAll('admin');
    const first = new pg.Client({ connectionString: t.database.url });
    const second = new pg.Client({ connectionString: t.database.url });
    await Promise.all([first.connect(), second.connect()]);
    let between: Awaited<ReturnType<typeof pullAll>>;
    try {
      await first.query('begin');
      await first.query('update lifts set address = $1 where id = $2', ['First writer 1', f.own.id]);
      const secondWrite = second.query("update descriptions set name = 'Second writer' where id = $1", [
        descriptionIds[0],
      ]);
      // Until the first commits, the second waits for the sync position lock.
      for (;;) {
        const { rows } = await t.database.handle.db
          .execute<{ waiting: number }>(
            sql`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`,
          )
          .then((result) => result as unknown as { rows: { waiting: number }[] });
        if ((rows[0]?.waiting ?? 0) > 0) break;
      }
      between = await pullAll('admin', cursor);
      expect(between.lifts.size + between.descriptionIds.size).toBe(0);
      await first.query('commit');
      await secondWrite;
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    const after = await pullAll('admin', between.cursor);
    expect(after.lifts.get(f.own.id)?.address).toBe('First writer 1');
    expect([...after.descriptionIds]).toEqual([descriptionIds[0]]);
  });
});

describe('reset', () => {
  it('answers reset for a malformed cursor, and 400 for a bad limit', async () => {
    for (const cursor of ['garbage', encodeCursor(1, 'AAAAAAAAAAAAAAAA')]) {
      const answer = await pull('service_man', cursor);
      expect(answer).toMatchObject({ reset: true, cursor: '', lifts: [], messages: [], descriptions: [] });
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sync/pull?limit=0',
      headers: await t.authHeaders('service_man'),
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers reset for a cursor beyond the sequence (another database) or of another user', async () => {
    const { cursor } = await pullAll('service_man');
    const user = { id: f.ids.service_man, role: 'service_man' as const, companyId: null };
    const [row] = await t.database.handle.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.id, f.ids.service_man));
    const beyond = encodeCursor(10_000_000, scopeFingerprint({ ...user, companyId: row?.companyId ?? null }));
    expect((await pull('service_man', beyond)).reset).toBe(true);
    expect((await pull('customer', cursor)).reset).toBe(true);
    expect((await pull('service_man', cursor)).reset).toBe(false);
  });

  it("answers reset once the user's role changed", async () => {
    const { cursor } = await pullAll('customer');
    await t.database.handle.db
      .update(users)
      .set({ role: 'service_man', updatedAt: sql`now()` })
      .where(eq(users.id, f.ids.customer));
    // A write from outside the app reaches its session cache by NOTIFY (docs/api.md#caches-and-their-bounds).
    await t.app.accessTokens.settled();
    const answer = await pull('customer', cursor);
    expect(answer.reset).toBe(true);
    expect((await pull('customer', answer.cursor)).reset).toBe(false);
  });
});
