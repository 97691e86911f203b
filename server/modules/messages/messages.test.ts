import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_COUNT_CAP } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { MessageListResponseSchema, MessageSchema } from '../../../contract/schemas/message';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { messages } from '../../db/schema/messages';
import { createLiftFixtures, type LiftFixtures } from '../lifts/lift-fixtures';

let t: TestApp;
let f: LiftFixtures;
const DAY = 86_400_000;
const base = Date.UTC(2026, 0, 10);
beforeAll(async () => {
  t = await createTestApp();
  f = await createLiftFixtures(t);
  await t.database.handle.db.insert(messages).values([
    { year: 2026, liftId: f.own.id, kind: 'stats', trips: 10, operatingHours: 1, at: new Date(base) },
    { year: 2026, liftId: f.own.id, kind: 'stats', trips: 20, operatingHours: 2, at: new Date(base + DAY) },
    { year: 2026, liftId: f.own.id, kind: 'info', code: 501, active: true, at: new Date(base + 2 * DAY) },
    {
      year: 2026,
      liftId: f.own.id,
      kind: 'error',
      code: 110,
      active: true,
      floor: 3,
      at: new Date(base + 3 * DAY),
    },
  ]);
});
afterAll(() => t.close());

const as = async (
  role: 'admin' | 'customer' | 'service_man',
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: await t.authHeaders(role), ...(payload ? { payload } : {}) });
const list = async (url: string, role: 'admin' | 'customer' = 'customer') =>
  v.parse(MessageListResponseSchema, (await as(role, 'GET', url)).json());

describe('message lists', () => {
  it('answers newest first, by kind per endpoint', async () => {
    const all = await list(`/api/messages/getByPagenation?liftId=${f.own.id}`);
    const stats = await list(`/api/messages/getStatsMsgs?liftId=${f.own.id}`);
    const detailed = await list(`/api/messages/getDetailedMsgs?liftId=${f.own.id}`);

    expect(all.count).toBe(5);
    const times = all.messages.map((m) => Date.parse(m.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(stats.messages.map((m) => m.trips)).toEqual([20, 10]);
    expect(detailed.messages.map((m) => m.kind).sort()).toEqual(['error', 'error', 'info']);
  });

  it('sorts oldest first on request, and refuses an unknown sort field', async () => {
    const oldestFirst = await list(`/api/messages/getByPagenation?liftId=${f.own.id}&sort=at`);
    const times = oldestFirst.messages.map((m) => Date.parse(m.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await as('customer', 'GET', '/api/messages/getByPagenation?sort=notes')).statusCode).toBe(400);
  });

  it('filters by type, code, time window, and pages', async () => {
    const byCode = await list(`/api/messages/getDetailedMsgs?code=110&liftId=${f.own.id}`);
    const byType = await list(`/api/messages/getByPagenation?type=info`);
    const window = await list(
      `/api/messages/getByPagenation?from=${new Date(base + DAY / 2).toISOString()}&to=${new Date(base + 2.5 * DAY).toISOString()}`,
    );
    const page = await list(`/api/messages/getByPagenation?liftId=${f.own.id}&page=2&pageSize=2`);

    expect(byCode.messages.map((m) => m.floor)).toEqual([3]);
    expect(byType.messages.map((m) => m.code)).toEqual([501]);
    expect(window.messages.map((m) => m.kind)).toEqual(['info', 'stats']);
    expect(page).toMatchObject({ count: 5 });
    expect(page.messages).toHaveLength(2);
  });

  it('searches the lift and the notes, within the scope, with % taken literally', async () => {
    await t.database.handle.db
      .update(messages)
      .set({ notes: { title: 'Seilwechsel', notes: 'Tragseil 3 getauscht', urls: [] } })
      .where(eq(messages.code, 501));

    const byLift = await list('/api/messages/getByPagenation?search=own-1');
    const byNoteTitle = await list('/api/messages/getDetailedMsgs?search=seilwechsel');
    const byNoteText = await list('/api/messages/getByPagenation?search=Tragseil');
    const foreign = await list('/api/messages/getByPagenation?search=FOREIGN-1');
    const foreignAsAdmin = await list('/api/messages/getByPagenation?search=FOREIGN-1', 'admin');
    const wildcard = await list('/api/messages/getByPagenation?search=%25');

    expect(byLift.count).toBe(5);
    expect(byNoteTitle.messages.map((m) => m.code)).toEqual([501]);
    expect(byNoteText.messages.map((m) => m.code)).toEqual([501]);
    expect(foreign.count).toBe(0);
    expect(foreignAsAdmin.count).toBe(1);
    expect(wildcard.count).toBe(0);
  });

  it('shows nothing of a foreign lift', async () => {
    expect((await list(`/api/messages/getByPagenation?liftId=${f.foreign.id}`)).count).toBe(0);
    expect((await list(`/api/messages/getByPagenation?liftId=${f.foreign.id}`, 'admin')).count).toBe(1);
  });
});

describe('notes', () => {
  const notes = {
    title: 'Door contact',
    notes: 'Cleaned and adjusted',
    urls: ['https://files.example.com/a.jpg'],
  };

  it('lets a service man of the lift write notes; version grows; stale baseVersion is 409 with current', async () => {
    const first = await as('service_man', 'PUT', `/api/messages/${f.ownMessageId}`, {
      year: f.year,
      isNotes: true,
      notes,
    });
    expect(first.statusCode).toBe(200);
    const saved = v.parse(MessageSchema, first.json());
    expect(saved).toMatchObject({ isNotes: true, notes, version: 2 });

    const stale = await as('customer', 'PUT', `/api/messages/${f.ownMessageId}`, {
      year: f.year,
      isNotes: false,
      notes,
      baseVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MSG.staleVersion);
    expect(v.parse(MessageSchema, stale.json().current)).toMatchObject({
      id: f.ownMessageId,
      version: 2,
      isNotes: true,
    });

    const current = await as('customer', 'PUT', `/api/messages/${f.ownMessageId}`, {
      year: f.year,
      isNotes: false,
      notes,
      baseVersion: 2,
    });
    expect(current.json()).toMatchObject({ isNotes: false, version: 3 });
  });

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['plain http:', 'http://files.example.com/a.jpg'],
  ])('refuses a %s link on a note with the field error, and keeps the note as it was', async (_kind, url) => {
    const versionNow = async () =>
      (await list(`/api/messages/getByPagenation?liftId=${f.own.id}`, 'admin')).messages.find(
        (message) => message.id === f.ownMessageId,
      )?.version;
    const before = await versionNow();
    const response = await as('service_man', 'PUT', `/api/messages/${f.ownMessageId}`, {
      year: f.year,
      isNotes: true,
      notes: { ...notes, urls: ['https://files.example.com/ok.jpg', url] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { 'notes.urls.1': MSG.httpsLinksOnly },
    });
    expect(before).toBeDefined();
    expect(await versionNow()).toBe(before);
  });

  it('keeps https links and the portal’s own file links', async () => {
    const urls = ['https://files.example.com/a.jpg', '/api/files/4b1e0c1a/content'];
    const response = await as('service_man', 'PUT', `/api/messages/${f.ownMessageId}`, {
      year: f.year,
      isNotes: true,
      notes: { ...notes, urls },
    });
    expect(response.statusCode).toBe(200);
    expect(v.parse(MessageSchema, response.json()).notes?.urls).toEqual(urls);
  });

  it('never answers a link stored before the rule: lists, the note write’s 409 and sync leave it out', async () => {
    const unsafe = [
      'javascript:alert(1)',
      ' data:text/html,<script>alert(1)</script>',
      'http://plain.example.com/x',
    ];
    const safe = ['https://files.example.com/kept.jpg', '/api/files/kept/content'];
    const [row] = await t.database.handle.db
      .insert(messages)
      .values({
        year: f.year,
        liftId: f.own.id,
        kind: 'error',
        code: 777,
        active: true,
        at: new Date(),
        isNotes: true,
        notes: {
          title: 'Old note',
          notes: 'From before the link rule',
          urls: [unsafe[0]!, safe[0]!, ...unsafe.slice(1), safe[1]!],
        },
      })
      .returning();
    const id = row!.id;

    const listed = await list(`/api/messages/getByPagenation?liftId=${f.own.id}`, 'admin');
    expect(listed.messages.find((message) => message.id === id)?.notes?.urls).toEqual(safe);

    const stale = await as('admin', 'PUT', `/api/messages/${id}`, {
      year: f.year,
      isNotes: true,
      notes: { title: 'x', notes: 'y', urls: [] },
      baseVersion: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.notes.urls).toEqual(safe);

    // The offline mirror: every page up to the end of the stream.
    let body = '';
    let cursor = '';
    for (let page = 0; page < 50; page++) {
      const pulled = await as('admin', 'GET', `/api/sync/pull?limit=2000${cursor && `&cursor=${cursor}`}`);
      expect(pulled.statusCode).toBe(200);
      body += pulled.body;
      const answer = pulled.json<{ cursor: string; hasMore: boolean }>();
      cursor = encodeURIComponent(answer.cursor);
      if (!answer.hasMore) break;
    }
    expect(body).toContain('From before the link rule');
    expect(body).toContain(safe[0]);
    for (const link of unsafe) expect(body).not.toContain(link.trim().slice(0, 12));
  });

  it('answers 404 for the wrong year', async () => {
    const response = await as('admin', 'PUT', `/api/messages/${f.ownMessageId}`, {
      year: f.year - 1,
      isNotes: true,
      notes,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('note entries', () => {
  const entryId = () => crypto.randomUUID();
  const entriesOf = async (role: 'admin' | 'customer' | 'service_man') =>
    (
      await list(`/api/messages/getDetailedMsgs?liftId=${f.own.id}&pageSize=100`, role as 'admin')
    ).messages.find((message) => message.id === f.ownMessageId)?.noteEntries ?? [];

  it('adds entries by their authors, oldest first, read by everyone who sees the lift; an id repeated adds nothing', async () => {
    const technicians = entryId();
    const add = (role: 'admin' | 'service_man', id: string, text: string, urls: string[] = []) =>
      as(role, 'POST', `/api/messages/${f.ownMessageId}/notes`, { year: f.year, id, text, urls });
    const first = await add('service_man', technicians, 'Türkontakt gereinigt', [
      '/api/files/photo-1/content',
    ]);
    expect(first.statusCode).toBe(200);
    expect(v.parse(MessageSchema, first.json()).noteEntries.at(-1)).toMatchObject({
      id: technicians,
      authorId: f.ids.service_man,
      text: 'Türkontakt gereinigt',
      urls: ['/api/files/photo-1/content'],
      editedAt: null,
    });
    // A resend (an outbox retry after a lost answer) adds nothing.
    expect((await add('service_man', technicians, 'Türkontakt gereinigt')).statusCode).toBe(200);
    const admins = entryId();
    expect((await add('admin', admins, 'Ersatzteil bestellt')).statusCode).toBe(200);

    const seen = await entriesOf('customer');
    const mine = seen.filter((entry) => entry.id === technicians || entry.id === admins);
    expect(mine.map((entry) => [entry.authorId, entry.text])).toEqual([
      [f.ids.service_man, 'Türkontakt gereinigt'],
      [f.ids.admin, 'Ersatzteil bestellt'],
    ]);
    expect(mine.every((entry) => typeof entry.authorName === 'string' && entry.authorName.length > 0)).toBe(
      true,
    );
  });

  it('lets only the author change or remove his entry: another, an admin too, gets 403 and changes nothing', async () => {
    const id = entryId();
    await as('service_man', 'POST', `/api/messages/${f.ownMessageId}/notes`, {
      year: f.year,
      id,
      text: 'Seil geprüft',
      urls: ['/api/files/seil/content'],
    });
    const edit = (role: 'admin' | 'customer' | 'service_man', text: string) =>
      as(role, 'PUT', `/api/messages/${f.ownMessageId}/notes/${id}`, { year: f.year, text, urls: [] });
    const remove = (role: 'admin' | 'customer' | 'service_man') =>
      as(role, 'POST', `/api/messages/${f.ownMessageId}/notes/${id}/remove`, { year: f.year });

    expect((await edit('admin', 'Überschrieben')).statusCode).toBe(403);
    expect((await edit('customer', 'Überschrieben')).statusCode).toBe(403);
    expect((await remove('admin')).statusCode).toBe(403);
    expect((await entriesOf('admin')).find((entry) => entry.id === id)).toMatchObject({
      text: 'Seil geprüft',
      urls: ['/api/files/seil/content'],
      editedAt: null,
    });

    const edited = await edit('service_man', 'Seil geprüft, ohne Befund');
    expect(edited.statusCode).toBe(200);
    const entry = v.parse(MessageSchema, edited.json()).noteEntries.find((candidate) => candidate.id === id);
    expect(entry).toMatchObject({ text: 'Seil geprüft, ohne Befund', urls: [], authorId: f.ids.service_man });
    expect(entry?.editedAt).not.toBeNull();

    expect((await remove('service_man')).statusCode).toBe(200);
    expect((await entriesOf('admin')).some((candidate) => candidate.id === id)).toBe(false);
  });

  it("takes the specification's single note as the caller's own entry, leaving others' alone", async () => {
    const single = (role: 'admin' | 'customer', title: string, notes: string, isNotes = true) =>
      as(role, 'PUT', `/api/messages/${f.ownMessageId}`, {
        year: f.year,
        isNotes,
        notes: { title, notes, urls: [] },
      });
    const ownText = async (role: 'admin' | 'customer') =>
      (await entriesOf(role)).filter((entry) => entry.authorId === f.ids[role]).map((entry) => entry.text);

    expect((await single('customer', 'Geräusch', 'Quietscht im 3. OG')).statusCode).toBe(200);
    expect(await ownText('customer')).toEqual(['Geräusch\nQuietscht im 3. OG']);
    expect((await single('admin', 'Termin', 'Techniker kommt Montag')).statusCode).toBe(200);
    // The admin's note is his own entry; the customer's stays as he wrote it.
    expect((await ownText('admin')).at(-1)).toBe('Termin\nTechniker kommt Montag');
    expect(await ownText('customer')).toEqual(['Geräusch\nQuietscht im 3. OG']);

    // Written again, the caller's entry changes instead of a second one; emptied, it goes.
    expect((await single('customer', 'Geräusch', 'Behoben')).statusCode).toBe(200);
    expect(await ownText('customer')).toEqual(['Geräusch\nBehoben']);
    expect((await single('customer', '', '', false)).statusCode).toBe(200);
    expect(await ownText('customer')).toEqual([]);
  });

  it('keeps to the scope: a reading of a lift the user does not see, or an entry of another reading, is 404', async () => {
    const outside = await as('service_man', 'POST', `/api/messages/${f.foreignMessageId}/notes`, {
      year: f.year,
      id: entryId(),
      text: 'Fremd',
      urls: [],
    });
    expect(outside.statusCode).toBe(404);

    const onForeign = entryId();
    expect(
      (
        await as('admin', 'POST', `/api/messages/${f.foreignMessageId}/notes`, {
          year: f.year,
          id: onForeign,
          text: 'Nur für Admins sichtbar',
          urls: [],
        })
      ).statusCode,
    ).toBe(200);
    // The entry exists, but not on this reading; and the customer does not see its lift at all.
    const wrongReading = await as('admin', 'PUT', `/api/messages/${f.ownMessageId}/notes/${onForeign}`, {
      year: f.year,
      text: 'x',
      urls: [],
    });
    expect(wrongReading.statusCode).toBe(404);
    const notSeen = await as(
      'customer',
      'POST',
      `/api/messages/${f.foreignMessageId}/notes/${onForeign}/remove`,
      {
        year: f.year,
      },
    );
    expect(notSeen.statusCode).toBe(404);
    expect(JSON.stringify(await entriesOf('customer'))).not.toContain('Nur für Admins sichtbar');
  });

  it('refuses an empty text and unsafe links with field errors', async () => {
    const response = await as('service_man', 'POST', `/api/messages/${f.ownMessageId}/notes`, {
      year: f.year,
      id: entryId(),
      text: '  ',
      urls: ['javascript:alert(1)'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({ text: MSG.required, 'urls.0': MSG.httpsLinksOnly });
  });

  it('gives the reading a new sync position, so mirrors pull it with its entries', async () => {
    const first = await as('service_man', 'GET', '/api/sync/pull?limit=2000');
    let cursor = '';
    let answer = first.json<{ cursor: string; hasMore: boolean }>();
    for (let page = 0; page < 50 && answer.hasMore; page++) {
      answer = (
        await as(
          'service_man',
          'GET',
          `/api/sync/pull?limit=2000&cursor=${encodeURIComponent(answer.cursor)}`,
        )
      ).json();
    }
    cursor = answer.cursor;
    await as('customer', 'POST', `/api/messages/${f.ownMessageId}/notes`, {
      year: f.year,
      id: entryId(),
      text: 'Vom Kunden gemeldet',
      urls: [],
    });
    const next = await as(
      'service_man',
      'GET',
      `/api/sync/pull?limit=2000&cursor=${encodeURIComponent(cursor)}`,
    );
    const pulled = next.json<{ messages: { id: string; noteEntries: { text: string }[] }[] }>();
    const reading = pulled.messages.find((message) => message.id === f.ownMessageId);
    expect(reading?.noteEntries.map((entry) => entry.text)).toContain('Vom Kunden gemeldet');
  });
});

describe('delete', () => {
  it('tombstones messages of the given year only', async () => {
    const [row] = await t.database.handle.db
      .insert(messages)
      .values({
        year: 2025,
        liftId: f.own.id,
        kind: 'info',
        code: 509,
        active: true,
        at: new Date(Date.UTC(2025, 5, 1)),
      })
      .returning();
    const id = row?.id ?? '';
    const wrongYear = await as('admin', 'POST', '/api/messages/deleteByIds', { ids: [id], year: 2026 });
    const removed = await as('admin', 'POST', '/api/messages/deleteByIds', { ids: [id], year: 2025 });

    expect(wrongYear.json().count).toBe(0);
    expect(removed.json()).toEqual({ message: MSG.deleted, count: 1 });
    const listed = await list(`/api/messages/getByPagenation?liftId=${f.own.id}&pageSize=100`);
    expect(listed.messages.map((m) => m.id)).not.toContain(id);
  });
});

describe('bounded count', () => {
  it('counts up to the cap over many lifts and says there are more; one lift and small sets count exactly', async () => {
    await t.database.handle.db.execute(sql`
      insert into messages (year, lift_id, kind, code, active, at)
      select 2024, ${f.own.id}, 'error', 700, true, timestamptz '2024-03-01' + g * interval '1 minute'
      from generate_series(1, ${MESSAGE_COUNT_CAP + 1}) as g`);

    const all = await list('/api/messages/getDetailedMsgs?type=error', 'admin');
    const oneLift = await list(`/api/messages/getDetailedMsgs?type=error&liftId=${f.own.id}`, 'admin');
    const byCode = await list('/api/messages/getDetailedMsgs?type=error&code=110', 'admin');

    expect(all).toMatchObject({ count: MESSAGE_COUNT_CAP, countCapped: true });
    const times = all.messages.map((m) => Date.parse(m.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(oneLift.count).toBeGreaterThan(MESSAGE_COUNT_CAP + 1);
    expect(oneLift.countCapped).toBe(false);
    expect(byCode).toMatchObject({ count: 1, countCapped: false });
  });
});
