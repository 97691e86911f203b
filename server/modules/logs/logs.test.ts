import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import { LogListResponseSchema } from '../../../contract/schemas/log';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';
import { writeLog } from './write-log';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (query = '') =>
  v.parse(
    LogListResponseSchema,
    (
      await t.app.inject({ url: `/api/logs/getByPagenation${query}`, headers: await t.authHeaders('dev') })
    ).json(),
  );
const post = async (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: await t.authHeaders('dev'), ...(payload ? { payload } : {}) });

describe('logs', () => {
  it('records entries with writeLog and lists them newest first, filtered and paged', async () => {
    const db = t.database.handle.db;
    await writeLog(db, {
      level: 'info',
      source: 'device',
      event: 'device.connected',
      message: 'connected',
      imei: '356938035643809',
      at: new Date(1000),
    });
    await writeLog(db, {
      level: 'warn',
      source: 'device',
      event: 'device.refused',
      message: 'wrong key\u0000',
      details: { why: 'a\u0000b' },
      at: new Date(2000),
    });
    await writeLog(db, {
      level: 'error',
      source: 'server',
      event: 'server.failed',
      message: 'boom',
      at: new Date(3000),
    });

    const all = await list();
    expect(all.count).toBe(3);
    expect(all.logs.map((log) => log.event)).toEqual(['server.failed', 'device.refused', 'device.connected']);
    expect(all.logs[1]).toMatchObject({ message: 'wrong key', details: { why: 'ab' } });
    expect((await list('?source=device')).count).toBe(2);
    expect((await list('?level=error')).logs.map((log) => log.message)).toEqual(['boom']);
    expect((await list('?search=refused')).count).toBe(1);
    expect((await list('?page=2&pageSize=2')).logs).toHaveLength(1);
  });

  it('sorts by a known field on request and refuses an unknown one', async () => {
    const byEvent = await list('?sort=event');
    const events = byEvent.logs.map((log) => log.event);
    expect(events).toEqual([...events].sort());
    const refused = await t.app.inject({
      url: '/api/logs/getByPagenation?sort=details',
      headers: await t.authHeaders('dev'),
    });
    expect(refused.statusCode).toBe(400);
  });

  it('deletes by ids and all', async () => {
    const [first] = (await list()).logs;
    const removed = await post('/api/logs/deleteByIds', { ids: [first?.id] });
    expect(removed.json()).toEqual({ message: MSG.deleted, count: 1 });
    expect((await list()).count).toBe(2);

    const all = await post('/api/logs/deleteAll');
    expect(all.json()).toEqual({ message: MSG.deleted, count: 2 });
    expect((await list()).count).toBe(0);
  });
});
