import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_CACHE_NAME } from '../../../contract/constants';
import type { LiftFile } from '../../../contract/schemas/file';
import type { KeptFile, MirrorDb } from '../mirror/mirror-db';
import { testMirror } from '../mirror/mirror-fixtures';
import {
  DEFAULT_FILE_BUDGET_BYTES,
  FILE_BUDGET_CHOICES,
  fileBudget,
  keptUsage,
  refreshKeptFiles,
  setFileBudget,
  setFilePinned,
  setLiftPinned,
} from './file-cache';

/**
 * The budget of kept files (docs/files.md#offline) on the real eviction code and a real Dexie
 * table (fake-indexeddb). Node has no Cache Storage: the eviction cases look at the `kept` rows only
 * (the cache step is skipped without `caches`); the fetch-ahead cases give it a small in-memory one.
 */
const share = Math.floor(DEFAULT_FILE_BUDGET_BYTES / 3.5); // three fit, four do not

let db: MirrorDb;
afterEach(async () => {
  await db.delete();
});

const keep = (fileId: string, liftId: string, lastUsedAt: number, pinned = false): KeptFile => ({
  fileId,
  liftId,
  size: share,
  pinned,
  lastUsedAt,
});
const keptIds = async () => (await db.kept.orderBy('lastUsedAt').toArray()).map((row) => row.fileId);
const fileOf = (row: KeptFile) => ({ id: row.fileId, liftId: row.liftId }) as LiftFile;

describe('kept files over the budget', () => {
  it('drop the least recently used unpinned ones first, only until the rest fits', async () => {
    db = testMirror();
    await db.kept.bulkPut([
      keep('oldest', 'lift-1', 1),
      keep('pinned-file', 'lift-2', 2, true),
      keep('of-pinned-lift', 'lift-3', 3),
      keep('older', 'lift-4', 4),
      keep('newest', 'lift-5', 5),
    ]);
    expect((await keptUsage(db)).usedBytes).toBeGreaterThan(DEFAULT_FILE_BUDGET_BYTES);

    // Pinning a lift is a change that checks the budget: two files must go to fit three.
    await setLiftPinned(db, 'lift-3', true);

    expect(await keptIds()).toEqual(['pinned-file', 'of-pinned-lift', 'newest']);
    const usage = await keptUsage(db);
    expect(usage.usedBytes).toBeLessThanOrEqual(DEFAULT_FILE_BUDGET_BYTES);
    expect(usage).toMatchObject({ files: 3, pinnedFiles: 2, pinnedLifts: 1 });
  });

  it('keep pinned files even when they alone pass the budget, and drop one once it is unpinned', async () => {
    db = testMirror();
    const rows = [
      keep('a', 'lift-1', 1, true),
      keep('b', 'lift-1', 2, true),
      keep('c', 'lift-2', 3, true),
      keep('d', 'lift-2', 4, true),
      keep('e', 'lift-3', 5),
    ];
    await db.kept.bulkPut(rows);
    await setLiftPinned(db, 'lift-9', true);
    // Only the one unpinned file can go; the pinned four stay over the budget.
    expect(await keptIds()).toEqual(['a', 'b', 'c', 'd']);
    expect((await keptUsage(db)).usedBytes).toBeGreaterThan(DEFAULT_FILE_BUDGET_BYTES);

    // Unpinning the most recently used pinned file: it is the only candidate, so it goes.
    await setFilePinned(db, fileOf(rows[3] as KeptFile), false);
    expect(await keptIds()).toEqual(['a', 'b', 'c']);
  });

  it('leave everything while it fits', async () => {
    db = testMirror();
    await db.kept.bulkPut([keep('x', 'lift-1', 1), keep('y', 'lift-2', 2)]);
    await setLiftPinned(db, 'lift-1', false);
    expect(await keptIds()).toEqual(['x', 'y']);
  });
});

const MB = 1024 * 1024;
const SMALLEST = FILE_BUDGET_CHOICES[0]; // 50 MB

describe('the budget chosen on the device', () => {
  it('is 200 MB until the user chooses another, and only one of the choices', async () => {
    db = testMirror();
    expect(await fileBudget(db)).toBe(200 * MB);
    expect((await keptUsage(db)).budgetBytes).toBe(200 * MB);
    await setFileBudget(db, 500 * MB);
    expect((await keptUsage(db)).budgetBytes).toBe(500 * MB);
    await expect(setFileBudget(db, 7 * MB)).rejects.toThrow();
    expect(await fileBudget(db)).toBe(500 * MB);
  });

  it('drops the least recently used unpinned files at once when lowered; pinned ones stay over it', async () => {
    db = testMirror();
    const row = (fileId: string, size: number, lastUsedAt: number, pinned = false): KeptFile => ({
      fileId,
      liftId: 'lift-1',
      size: size * MB,
      pinned,
      lastUsedAt,
    });
    await db.kept.bulkPut([row('old', 20, 1), row('pinned', 20, 2, true), row('recent', 20, 3)]);
    await setFileBudget(db, SMALLEST);
    expect(await keptIds()).toEqual(['pinned', 'recent']);
    expect(await keptUsage(db)).toMatchObject({ usedBytes: 40 * MB, budgetBytes: 50 * MB });

    // Pinned files alone over the budget: the unpinned one goes, the pinned ones are kept and shown over it.
    await db.kept.bulkPut([row('pinned-2', 40, 4, true)]);
    await setFileBudget(db, SMALLEST);
    expect(await keptIds()).toEqual(['pinned', 'pinned-2']);
    expect((await keptUsage(db)).usedBytes).toBe(60 * MB);
  });
});

/** Cache Storage as far as src/data/files/file-cache.ts uses it, in memory. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      put: async (key: string, response: Response) => void entries.set(key, response),
      match: async (key: string) => entries.get(key)?.clone(),
      delete: async (key: string) => entries.delete(key),
    };
  };
  return { open, keys: () => [...(stores.get(FILE_CACHE_NAME)?.keys() ?? [])].sort() };
}

const aFile = (id: string, liftId: string, sizeMb: number, createdAt: string, stored = true): LiftFile => ({
  id,
  uid: `uid-${id}`,
  liftId,
  name: `${id}.pdf`,
  size: sizeMb * MB,
  type: 'application/pdf',
  url: stored ? `/api/files/${id}/content` : `https://example.com/${id}.pdf`,
  stored,
  addedBy: null,
  addedByName: null,
  createdAt,
  version: 1,
  updatedAt: createdAt,
});

describe('fetching files ahead after a sync', () => {
  let cacheStorage: ReturnType<typeof memoryCaches>;
  let fetched: string[];
  /** The server download, stubbed: bytes of the file's size. */
  const download = async (file: LiftFile) => {
    fetched.push(file.id);
    return new Blob([new Uint8Array(file.size)], { type: file.type });
  };

  beforeEach(async () => {
    cacheStorage = memoryCaches();
    vi.stubGlobal('caches', { open: cacheStorage.open });
    fetched = [];
    db = testMirror();
    await setFileBudget(db, SMALLEST);
    // What the user opened before (10 MB), and a file kept earlier that the server has deleted since.
    await db.files.bulkPut([
      aFile('opened', 'lift-1', 10, '2026-01-01T00:00:00Z'),
      aFile('newest', 'lift-2', 20, '2026-11-03T00:00:00Z'),
      aFile('too-big', 'lift-2', 30, '2026-11-02T00:00:00Z'),
      aFile('older', 'lift-2', 15, '2026-11-01T00:00:00Z'),
      aFile('a-link', 'lift-2', 0, '2026-11-04T00:00:00Z', false),
    ]);
    await db.kept.bulkPut([
      { fileId: 'opened', liftId: 'lift-1', size: 10 * MB, pinned: false, lastUsedAt: 1 },
      { fileId: 'deleted', liftId: 'lift-2', size: 5 * MB, pinned: false, lastUsedAt: 2 },
    ]);
    const cache = await cacheStorage.open(FILE_CACHE_NAME);
    await cache.put('/api/files/opened/content', new Response('x'));
    await cache.put('/api/files/deleted/content', new Response('x'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("fill a service man's free space newest first, skip what does not fit, forget what the server deleted", async () => {
    await refreshKeptFiles(db, 'service_man', download);

    // 10 kept + 20 (newest) = 30; 30 more would pass 50, so that one is skipped; 15 (older) fits.
    expect(fetched).toEqual(['newest', 'older']);
    expect(await keptIds()).toEqual(['opened', 'newest', 'older']);
    expect(cacheStorage.keys()).toEqual([
      '/api/files/newest/content',
      '/api/files/older/content',
      '/api/files/opened/content',
    ]);
    expect(await keptUsage(db)).toMatchObject({ usedBytes: 45 * MB, files: 3, pinnedFiles: 0 });
    const kept = await (await cacheStorage.open(FILE_CACHE_NAME)).match('/api/files/newest/content');
    expect((await kept?.blob())?.size).toBe(20 * MB);

    // The next sync finds everything that fits already there.
    await refreshKeptFiles(db, 'service_man', download);
    expect(fetched).toEqual(['newest', 'older']);
  });

  it('fetch nothing ahead for other roles but the files of pinned lifts, which may pass the budget', async () => {
    await setLiftPinned(db, 'lift-2', true);
    await refreshKeptFiles(db, 'admin', download);

    // All stored files of the pinned lift (65 MB); the user's own opened file is what gives way.
    expect(fetched).toEqual(['newest', 'too-big', 'older']);
    expect(await keptIds()).toEqual(['newest', 'too-big', 'older']);
    expect(await keptUsage(db)).toMatchObject({ usedBytes: 65 * MB, budgetBytes: 50 * MB, pinnedFiles: 3 });

    await setLiftPinned(db, 'lift-2', false);
    await refreshKeptFiles(db, 'customer', download);
    expect(fetched).toHaveLength(3);
  });

  it('stop quietly when the server cannot be reached, after forgetting deleted files', async () => {
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(refreshKeptFiles(db, 'service_man', offline)).resolves.toBeUndefined();
    expect(await keptIds()).toEqual(['opened']);
    expect(cacheStorage.keys()).toEqual(['/api/files/opened/content']);
  });
});
