import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import { DescriptionListResponseSchema, DescriptionSchema } from '../../../contract/schemas/description';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = async (
  role: 'admin' | 'service_man',
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: await t.authHeaders(role), ...(payload ? { payload } : {}) });
const entry = (number: number, extra: object = {}) => ({
  number,
  name: `Fault ${number}`,
  nameDE: `Fehler ${number}`,
  type: 'error',
  content: 'What it means',
  text: 'What to check',
  ...extra,
});

describe('descriptions', () => {
  it('lists sorted by number for every signed-in role, the same on both paths', async () => {
    for (const number of [300, 100, 200]) {
      expect((await as('admin', 'POST', '/api/descriptions/register', entry(number))).statusCode).toBe(201);
    }
    const canonical = v.parse(
      DescriptionListResponseSchema,
      (await as('service_man', 'GET', '/api/descriptions')).json(),
    );
    const alias = (await as('service_man', 'GET', '/api/descriptions-app/descriptions')).json();

    expect(canonical.map((d) => d.number)).toEqual([100, 200, 300]);
    expect(alias).toEqual(canonical);
    expect(canonical[0]).toMatchObject({
      name: 'Fault 100',
      nameDE: 'Fehler 100',
      type: 'error',
      version: 1,
    });
  });

  it('answers one entry, or 404 for an unknown id', async () => {
    const created = (
      await as('admin', 'POST', '/api/descriptions-app/save-description', entry(400, { type: 'info' }))
    ).json();
    const found = await as('service_man', 'GET', `/api/descriptions/${created.id}`);
    const missing = await as('service_man', 'GET', `/api/descriptions/${randomUUID()}`);

    expect(v.parse(DescriptionSchema, found.json())).toMatchObject({ number: 400, type: 'info' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.notFound });
  });

  it('refuses a duplicate number on create and update', async () => {
    const other = (await as('admin', 'POST', '/api/descriptions/register', entry(500))).json();
    const duplicate = await as('admin', 'POST', '/api/descriptions/register', entry(500));
    const update = await as('admin', 'PUT', `/api/descriptions/${other.id}`, entry(100));

    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { number: MSG.duplicateNumber },
    });
    expect(update.json().fieldErrors).toEqual({ number: MSG.duplicateNumber });
  });

  it('updates on both paths, bumping the version; an unknown id is 404', async () => {
    const created = (await as('admin', 'POST', '/api/descriptions/register', entry(600))).json();
    const put = await as('admin', 'PUT', `/api/descriptions/${created.id}`, entry(600, { name: 'Renamed' }));
    const alias = await as('admin', 'POST', '/api/descriptions-app/update-description', {
      id: created.id,
      ...entry(601, { nameDE: 'Umbenannt' }),
    });
    const unknown = await as('admin', 'PUT', `/api/descriptions/${randomUUID()}`, entry(602));

    expect(put.json()).toMatchObject({ name: 'Renamed', version: 2 });
    expect(alias.json()).toMatchObject({ number: 601, nameDE: 'Umbenannt', version: 3 });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 409 with the current entry for a stale baseVersion and changes nothing', async () => {
    const created = (await as('admin', 'POST', '/api/descriptions/register', entry(650))).json();
    const fresh = await as('admin', 'PUT', `/api/descriptions/${created.id}`, {
      ...entry(650, { name: 'First change' }),
      baseVersion: 1,
    });
    expect(fresh.json()).toMatchObject({ name: 'First change', version: 2 });

    for (const [method, url, id] of [
      ['PUT', `/api/descriptions/${created.id}`, {}],
      ['POST', '/api/descriptions-app/update-description', { id: created.id }],
    ] as const) {
      const stale = await as('admin', method, url, {
        ...id,
        ...entry(650, { name: 'Lost' }),
        baseVersion: 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({
        message: MSG.staleVersion,
        current: v.parse(DescriptionSchema, fresh.json()),
      });
    }
    const stored = (await as('admin', 'GET', `/api/descriptions/${created.id}`)).json();
    expect(stored).toMatchObject({ name: 'First change', version: 2 });
  });

  it('deletes as tombstones that leave the list; the number is free again', async () => {
    const created = (await as('admin', 'POST', '/api/descriptions/register', entry(700))).json();
    const removed = await as('admin', 'POST', '/api/descriptions-app/remove-descriptions', {
      ids: [created.id],
    });
    const again = await as('admin', 'POST', '/api/descriptions/deleteByIds', { ids: [created.id] });

    expect(removed.json()).toEqual({ message: MSG.deleted, count: 1 });
    expect(again.json().count).toBe(0);
    const list = (await as('service_man', 'GET', '/api/descriptions')).json();
    expect(list.map((d: { id: string }) => d.id)).not.toContain(created.id);
    expect((await as('service_man', 'GET', `/api/descriptions/${created.id}`)).statusCode).toBe(404);
    expect((await as('admin', 'POST', '/api/descriptions/register', entry(700))).statusCode).toBe(201);
  });

  it('takes the id in the body on the update alias: missing or not a uuid is a 400 on `id`', async () => {
    for (const id of [undefined, 'not-a-uuid']) {
      const answer = await as('admin', 'POST', '/api/descriptions-app/update-description', {
        ...(id === undefined ? {} : { id }),
        ...entry(800),
      });
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json().fieldErrors)).toEqual(['id']);
    }
  });

  it('keeps the cause and remedy in English and German apart, on create, update and list', async () => {
    const created = await as(
      'admin',
      'POST',
      '/api/descriptions/register',
      entry(1000, {
        content: '  The door did not open.  ',
        contentDE: '  Die Tür hat nicht geöffnet.  ',
        text: 'Check the door drive.',
        textDE: 'Türantrieb prüfen.',
      }),
    );
    expect(created.statusCode).toBe(201);
    const description = v.parse(DescriptionSchema, created.json());
    // Trimmed like the English texts.
    expect(description).toMatchObject({
      content: 'The door did not open.',
      contentDE: 'Die Tür hat nicht geöffnet.',
      text: 'Check the door drive.',
      textDE: 'Türantrieb prüfen.',
    });

    // Changing the German leaves the English alone, and the other way round.
    const german = await as('admin', 'PUT', `/api/descriptions/${description.id}`, {
      ...entry(1000, { content: 'The door did not open.', text: 'Check the door drive.' }),
      contentDE: 'Tür öffnet nicht bis zur Endlage.',
      textDE: 'Endschalter Tür-auf prüfen.',
    });
    expect(german.json()).toMatchObject({
      content: 'The door did not open.',
      contentDE: 'Tür öffnet nicht bis zur Endlage.',
      text: 'Check the door drive.',
      textDE: 'Endschalter Tür-auf prüfen.',
      version: 2,
    });

    const listed = v
      .parse(DescriptionListResponseSchema, (await as('service_man', 'GET', '/api/descriptions')).json())
      .find((d) => d.id === description.id);
    expect(listed).toMatchObject({
      contentDE: 'Tür öffnet nicht bis zur Endlage.',
      textDE: 'Endschalter Tür-auf prüfen.',
    });
    expect((await as('service_man', 'GET', `/api/descriptions/${description.id}`)).json()).toEqual(listed);
  });

  it('an update without the German texts (the spec app) keeps them; a create without them stores empty ones', async () => {
    const created = (
      await as(
        'admin',
        'POST',
        '/api/descriptions/register',
        entry(1100, { contentDE: 'Ursache', textDE: 'Abhilfe' }),
      )
    ).json();
    const alias = await as('admin', 'POST', '/api/descriptions-app/update-description', {
      id: created.id,
      ...entry(1100, { content: 'New cause', text: 'New remedy' }),
    });
    expect(alias.json()).toMatchObject({
      content: 'New cause',
      contentDE: 'Ursache',
      text: 'New remedy',
      textDE: 'Abhilfe',
      version: 2,
    });
    // Sent empty on purpose, they are emptied.
    const emptied = await as('admin', 'PUT', `/api/descriptions/${created.id}`, {
      ...entry(1100),
      contentDE: '',
      textDE: '',
    });
    expect(emptied.json()).toMatchObject({ contentDE: '', textDE: '' });

    const bare = (await as('admin', 'POST', '/api/descriptions/register', entry(1101))).json();
    expect(bare).toMatchObject({
      content: 'What it means',
      contentDE: '',
      text: 'What to check',
      textDE: '',
    });
  });

  it('refuses German texts that are too long or not strings, on create and update', async () => {
    const long = 'x'.repeat(4001);
    const tooLong = await as('admin', 'POST', '/api/descriptions/register', entry(1200, { contentDE: long }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors).toEqual({ contentDE: MSG.tooLong });

    const created = (await as('admin', 'POST', '/api/descriptions/register', entry(1201))).json();
    const update = await as('admin', 'PUT', `/api/descriptions/${created.id}`, {
      ...entry(1201),
      textDE: long,
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().fieldErrors).toEqual({ textDE: MSG.tooLong });

    const notText = await as('admin', 'POST', '/api/descriptions/register', entry(1202, { textDE: 42 }));
    expect(notText.statusCode).toBe(400);
    expect(Object.keys(notText.json().fieldErrors)).toEqual(['textDE']);
    const stored = (await as('admin', 'GET', `/api/descriptions/${created.id}`)).json();
    expect(stored).toMatchObject({ textDE: '', version: 1 });
  });

  it('registers once for a repeated Idempotency-Key, on the canonical path and the alias', async () => {
    for (const [url, number] of [
      ['/api/descriptions/register', 900],
      ['/api/descriptions-app/save-description', 901],
    ] as const) {
      const request = {
        method: 'POST' as const,
        url,
        headers: { ...(await t.authHeaders('admin')), 'idempotency-key': randomUUID() },
        payload: entry(number),
      };
      const first = await t.app.inject(request);
      const again = await t.app.inject(request);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
    }
    const list = (await as('service_man', 'GET', '/api/descriptions')).json() as { number: number }[];
    expect(list.filter((d) => d.number === 900 || d.number === 901)).toHaveLength(2);
  });
});
