import { afterEach, describe, expect, it } from 'vitest';
import type { LiftFile } from '../../contract/schemas/file';
import { FILE_BUDGET_BYTES, keptUsage, setFilePinned, setLiftPinned } from './file-cache';
import type { KeptFile, MirrorDb } from './mirror/mirror-db';
import { testMirror } from './mirror/mirror-fixtures';

/**
 * The budget of kept files (docs/files.md#offline) on the real eviction code and a real Dexie
 * table (fake-indexeddb). Node has no Cache Storage, so only the `kept` rows are looked at here:
 * the bytes go with them through the same `forget` (its cache step skipped without `caches`).
 */
const share = Math.floor(FILE_BUDGET_BYTES / 3.5); // three fit, four do not

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
    expect((await keptUsage(db)).usedBytes).toBeGreaterThan(FILE_BUDGET_BYTES);

    // Pinning a lift is a change that checks the budget: two files must go to fit three.
    await setLiftPinned(db, 'lift-3', true);

    expect(await keptIds()).toEqual(['pinned-file', 'of-pinned-lift', 'newest']);
    const usage = await keptUsage(db);
    expect(usage.usedBytes).toBeLessThanOrEqual(FILE_BUDGET_BYTES);
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
    expect((await keptUsage(db)).usedBytes).toBeGreaterThan(FILE_BUDGET_BYTES);

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
