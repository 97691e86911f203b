import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { berlinDay } from '../../contract/maintenance';
import { MSG } from '../../contract/messages';
import type { Role } from '../../contract/roles';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';
import { maintenanceVisits } from '../db/schema/maintenance';
import { messages } from '../db/schema/messages';
import { projects } from '../db/schema/projects';
import { users } from '../db/schema/users';
import { createLiftFixtures, type LiftFixtures } from '../modules/lifts/lift-fixtures';
import { findUnstorableText } from './validation';

/**
 * Text PostgreSQL cannot store as it was sent: a NUL character, or a lone UTF-16 surrogate, which
 * JSON's `\ud800` escape makes and UTF-8 cannot hold (jsonb refuses it; a text column would keep a
 * replacement character instead). Refused as 400 for every body at once (validation.ts).
 */

let t: TestApp;
let f: LiftFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await createLiftFixtures(t);
});
afterAll(() => t?.close());

/** A JSON body written as text, so that it can hold escapes JSON.stringify would never write. */
const send = async (role: Role, method: 'POST' | 'PUT', url: string, json: string) =>
  t.app.inject({
    method,
    url,
    payload: json,
    headers: { ...(await t.authHeaders(role)), 'content-type': 'application/json' },
  });

describe('a lone surrogate in a JSON body', () => {
  it('is refused on a project a customer registers, and nothing is stored', async () => {
    const before = await t.app.db.select().from(projects);
    const refused = await send(
      'customer',
      'POST',
      '/api/projects/register',
      '{"project":{"name":"Lift \\ud800 B","siteAddress":"Hauptstr. 1"}}',
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { 'project.name': MSG.invalidValue },
    });
    expect(await t.app.db.select().from(projects)).toHaveLength(before.length);

    // A surrogate pair (an emoji) is whole text and is stored.
    const emoji = await send(
      'customer',
      'POST',
      '/api/projects/register',
      '{"project":{"name":"Lift \\ud83d\\ude80","siteAddress":"Hauptstr. 1"}}',
    );
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json()).toMatchObject({ project: { name: 'Lift 🚀' } });
  });

  it('is refused in a message’s notes, which stay as they were', async () => {
    const refused = await send(
      'service_man',
      'PUT',
      `/api/messages/${f.ownMessageId}`,
      `{"year":${f.year},"isNotes":true,"notes":{"title":"Door \\udc00","notes":"ok","urls":[]}}`,
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { 'notes.title': MSG.invalidValue },
    });
    const [row] = await t.app.db.select().from(messages).where(eq(messages.id, f.ownMessageId));
    expect(row?.notes ?? null).toBeNull();
    expect(row?.version).toBe(1);
  });

  it('is refused in a visit’s work done, and no visit is recorded', async () => {
    const refused = await send(
      'service_man',
      'POST',
      `/api/lifts/${f.own.id}/maintenance`,
      `{"visitedOn":"${berlinDay()}","workDone":"Ropes \\ud800checked"}`,
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { workDone: MSG.invalidValue },
    });
    const visits = await t.app.db
      .select()
      .from(maintenanceVisits)
      .where(eq(maintenanceVisits.liftId, f.own.id));
    expect(visits).toEqual([]);
  });

  it('is refused in the shortcuts a user pins', async () => {
    const refused = await send(
      'admin',
      'PUT',
      '/api/users/me/shortcuts',
      '{"shortcuts":["lifts","\\ud800"]}',
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { 'shortcuts.1': MSG.invalidValue },
    });
    const [admin] = await t.app.db.select().from(users).where(eq(users.id, f.ids.admin));
    expect(admin?.shortcuts ?? []).not.toContain('\ud800');
  });

  it('is refused in a key too, even one the schema drops, without naming the key', async () => {
    const refused = await send(
      'admin',
      'PUT',
      '/api/users/me/shortcuts',
      '{"shortcuts":["lifts"],"extra":{"\\ud800":1}}',
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { extra: MSG.invalidValue } });
  });
});

describe('findUnstorableText', () => {
  it('finds NUL and lone surrogates in values and keys, by path, and passes whole text', () => {
    expect(findUnstorableText({ a: ['ok', 'b\u0000'] })).toBe('a.1');
    expect(findUnstorableText({ a: { b: 'x\ud800' } })).toBe('a.b');
    expect(findUnstorableText({ a: { b: '\udfff' } })).toBe('a.b');
    expect(findUnstorableText({ a: { 'k\udc00': 1 } })).toBe('a');
    expect(findUnstorableText({ 'k\u0000': 1 })).toBe('');
    expect(findUnstorableText('\ud800')).toBe('');
    expect(findUnstorableText({ a: ['🚀', 'Straße', '\ud83d\ude80'], b: 1, c: null })).toBeNull();
  });

  it('walks 100,000 levels of nesting without running out of stack', () => {
    let deep: unknown = 'x\ud800';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/);
    let fine: unknown = 'fine';
    for (let level = 0; level < 100_000; level++) fine = { a: fine };
    expect(findUnstorableText(fine)).toBeNull();
  });
});
