import { afterEach, describe, expect, it } from 'vitest';
import type { MirrorDb } from './mirror-db';
import { aDescription, aLift, aMessage, aPage, testMirror } from './mirror-fixtures';
import { enqueueChange } from './outbox';
import { applyPullPage, isMirrorComplete, pullAll } from './pull';

let db: MirrorDb;
afterEach(async () => {
  await db.delete();
});

describe('pullAll', () => {
  it('pages until hasMore is false, sending back each cursor, and marks the mirror complete', async () => {
    db = testMirror();
    const asked: Array<string | undefined> = [];
    const pages = [
      aPage({ lifts: [aLift('a')], cursor: 'c1', hasMore: true }),
      aPage({ lifts: [aLift('b')], descriptions: [aDescription('d1', 101)], cursor: 'c2', hasMore: false }),
    ];
    const result = await pullAll(db, async (cursor) => {
      asked.push(cursor);
      const page = pages.shift();
      if (!page) throw new Error('asked once too often');
      return page;
    });
    expect(result.pages).toBe(2);
    expect(asked).toEqual([undefined, 'c1']);
    expect((await db.lifts.toArray()).map((lift) => lift.id).sort()).toEqual(['a', 'b']);
    expect(await db.descriptions.where('number').equals(101).count()).toBe(1);
    expect((await db.meta.get('cursor'))?.value).toBe('c2');
    expect(await isMirrorComplete(db)).toBe(true);

    // The next pull starts from the stored cursor.
    await pullAll(db, async (cursor) => {
      asked.push(cursor);
      return aPage({ cursor: 'c3' });
    });
    expect(asked.at(-1)).toBe('c2');
  });

  it('asks for the next page while the one before is written, and never past the last page', async () => {
    db = testMirror();
    const stored: Array<string | undefined> = [];
    const pages = new Map([
      [undefined, aPage({ lifts: [aLift('a')], cursor: 'c1', hasMore: true })],
      ['c1', aPage({ lifts: [aLift('b')], cursor: 'c2', hasMore: true })],
      ['c2', aPage({ lifts: [aLift('c')], cursor: 'c3', hasMore: false })],
    ]);
    const asked: Array<string | undefined> = [];
    await pullAll(db, async (cursor) => {
      asked.push(cursor);
      // What the mirror holds when the page is asked for: the page before may not be written yet.
      stored.push((await db.meta.get('cursor'))?.value as string | undefined);
      const page = pages.get(cursor);
      if (!page) throw new Error(`asked for ${cursor}`);
      return page;
    });
    expect(asked).toEqual([undefined, 'c1', 'c2']);
    // Page 2 was asked for before page 1's cursor was stored: the fetch ran ahead of the writes.
    expect(stored[1]).toBeUndefined();
    expect((await db.lifts.toArray()).map((lift) => lift.id).sort()).toEqual(['a', 'b', 'c']);
    expect((await db.meta.get('cursor'))?.value).toBe('c3');
  });

  it('a page that fails leaves the cursor of the last page written, and the next pull goes on from it', async () => {
    db = testMirror();
    const first = pullAll(db, async (cursor) => {
      if (cursor === undefined) return aPage({ lifts: [aLift('a')], cursor: 'c1', hasMore: true });
      if (cursor === 'c1') return aPage({ lifts: [aLift('b')], cursor: 'c2', hasMore: true });
      throw new Error('unreachable');
    });
    await expect(first).rejects.toThrow('unreachable');
    expect((await db.meta.get('cursor'))?.value).toBe('c2');
    expect(await isMirrorComplete(db)).toBe(false);
    const asked: Array<string | undefined> = [];
    await pullAll(db, async (cursor) => {
      asked.push(cursor);
      return aPage({ lifts: [aLift('c')], cursor: 'c3', hasMore: false });
    });
    expect(asked).toEqual(['c2']);
    expect((await db.lifts.toArray()).map((lift) => lift.id).sort()).toEqual(['a', 'b', 'c']);
    expect(await isMirrorComplete(db)).toBe(true);
  });

  it('a reset after pages fetched ahead clears the mirror and starts over from no cursor', async () => {
    db = testMirror();
    await applyPullPage(db, aPage({ lifts: [aLift('old')], cursor: 'stale', hasMore: true }));
    const asked: Array<string | undefined> = [];
    const answers = [
      aPage({ lifts: [aLift('kept-for-a-moment')], cursor: 'c1', hasMore: true }),
      aPage({ reset: true, cursor: '', hasMore: true }),
      aPage({ lifts: [aLift('new')], cursor: 'fresh', hasMore: false }),
    ];
    await pullAll(db, async (cursor) => {
      asked.push(cursor);
      const page = answers.shift();
      if (!page) throw new Error('asked once too often');
      return page;
    });
    expect(asked).toEqual(['stale', 'c1', undefined]);
    expect((await db.lifts.toArray()).map((lift) => lift.id)).toEqual(['new']);
    expect((await db.meta.get('cursor'))?.value).toBe('fresh');
  });

  it('a deleted lift takes its messages with it; deleted messages and descriptions go', async () => {
    db = testMirror();
    await applyPullPage(
      db,
      aPage({
        lifts: [aLift('a'), aLift('b')],
        descriptions: [aDescription('d1', 1), aDescription('d2', 2)],
        messages: [
          aMessage('m1', 'a', '2026-11-20T10:00:00.000Z'),
          aMessage('m2', 'b', '2026-11-20T11:00:00.000Z'),
          aMessage('m3', 'b', '2026-11-20T12:00:00.000Z'),
        ],
      }),
    );
    await applyPullPage(
      db,
      aPage({
        cursor: 'c2',
        deleted: {
          lifts: ['a'],
          descriptions: ['d2'],
          base: [],
          messages: ['m3'],
          files: [],
          alarms: [],
          visits: [],
        },
      }),
    );
    expect((await db.lifts.toArray()).map((lift) => lift.id)).toEqual(['b']);
    expect((await db.messages.toArray()).map((message) => message.id)).toEqual(['m2']);
    expect((await db.descriptions.toArray()).map((d) => d.id)).toEqual(['d1']);
  });

  it('reset clears the mirror and pulls again from no cursor', async () => {
    db = testMirror();
    await applyPullPage(db, aPage({ lifts: [aLift('old')], cursor: 'stale' }));
    const asked: Array<string | undefined> = [];
    const pages = [
      aPage({ reset: true, cursor: '' }),
      aPage({ lifts: [aLift('new')], cursor: 'fresh', hasMore: false }),
    ];
    await pullAll(db, async (cursor) => {
      asked.push(cursor);
      const page = pages.shift();
      if (!page) throw new Error('asked once too often');
      return page;
    });
    expect(asked).toEqual(['stale', undefined]);
    expect((await db.lifts.toArray()).map((lift) => lift.id)).toEqual(['new']);
    expect((await db.meta.get('cursor'))?.value).toBe('fresh');
  });

  it('prunes messages older than 90 days by the server time', async () => {
    db = testMirror();
    await applyPullPage(
      db,
      aPage({
        lifts: [aLift('a')],
        messages: [
          aMessage('recent', 'a', '2026-09-01T00:00:00.000Z'),
          aMessage('old', 'a', '2026-08-01T00:00:00.000Z'),
        ],
        serverTime: '2026-11-21T12:00:00.000Z',
      }),
    );
    expect((await db.messages.toArray()).map((message) => message.id)).toEqual(['recent']);
  });

  it('keeps a pending change on top of the row a pull brings', async () => {
    db = testMirror();
    await applyPullPage(
      db,
      aPage({ lifts: [aLift('a')], messages: [aMessage('m1', 'a', '2026-11-20T10:00:00.000Z')] }),
    );
    const notes = { title: 'Door', notes: 'Fixed the door', urls: [] };
    await enqueueChange(db, {
      method: 'PUT',
      path: 'messages/m1',
      body: { year: 2026, isNotes: true, notes, baseVersion: 1 },
      baseVersion: 1,
      entity: 'message',
      entityId: 'm1',
      effect: 'patch',
    });
    await applyPullPage(
      db,
      aPage({
        cursor: 'c2',
        messages: [aMessage('m1', 'a', '2026-11-20T10:00:00.000Z', { floor: 3, version: 2 })],
      }),
    );
    const shown = await db.messages.get('m1');
    expect(shown?.notes).toEqual(notes);
    expect(shown?.floor).toBe(3);
    expect(shown?.version).toBe(2);
  });
});
