import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { MIRROR_DB_VERSION, MirrorDb } from './mirror-db';
import { aLift, aMessage } from './mirror-fixtures';

describe('MirrorDb upgrade', () => {
  it('drops the unused indexes (messages [kind+code] and liftId, lifts address) and keeps the mirrored rows', async () => {
    const name = `test-mirror-upgrade-${Math.random()}`;
    // The mirror as version 3 left it.
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(3).stores({
      lifts: 'id, uid, address',
      descriptions: 'id, number',
      messages: 'id, liftId, at, [liftId+at], [kind+at], [kind+code]',
      meta: 'key',
      outbox: 'id, &seq, status, [entity+entityId]',
      files: 'id, liftId, uid',
      uploads: 'uid, &seq, liftId, status',
      kept: 'fileId, liftId, lastUsedAt',
      pins: 'key',
      alarms: 'id, liftId, openedAt',
      visits: 'id, liftId',
      base: 'id, category',
    });
    await old.table('lifts').put(aLift('a'));
    await old
      .table('messages')
      .bulkPut([
        aMessage('m1', 'a', '2026-11-01T00:00:00.000Z'),
        aMessage('m2', 'a', '2026-11-02T00:00:00.000Z'),
      ]);
    await old.table('meta').put({ key: 'cursor', value: 'c1' });
    old.close();

    const db = new MirrorDb(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(MIRROR_DB_VERSION);
    expect(db.messages.schema.indexes.map((index) => index.name).sort()).toEqual([
      '[kind+at]',
      '[liftId+at]',
      'at',
    ]);
    expect(db.lifts.schema.indexes.map((index) => index.name)).toEqual(['uid']);
    expect((await db.messages.toArray()).map((message) => message.id).sort()).toEqual(['m1', 'm2']);
    expect(
      await db.messages.where('[liftId+at]').between(['a', Dexie.minKey], ['a', Dexie.maxKey]).count(),
    ).toBe(2);
    // `liftId` alone is read from `[liftId+at]` (a lift's deletion takes its messages with it).
    expect(await db.messages.where('liftId').equals('a').count()).toBe(2);
    await db.messages.where('liftId').anyOf(['a']).delete();
    expect(await db.messages.count()).toBe(0);
    expect((await db.meta.get('cursor'))?.value).toBe('c1');
    await db.delete();
  });
});
