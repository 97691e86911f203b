import { pathOf } from '../../../contract/api/endpoint';
import { filesApi } from '../../../contract/api/files';
import { FILE_CACHE_NAME } from '../../../contract/constants';
import type { Role } from '../../../contract/roles';
import type { LiftFile } from '../../../contract/schemas/file';
import { api } from '../api/http';
import type { KeptFile, MirrorDb } from '../mirror/mirror-db';

/**
 * Lift files kept on the device for the shaft (docs/files.md#offline): their bytes in Cache
 * Storage under the file's content path, what the budget needs in the mirror's `kept` table.
 * - A file the user opens is kept; so is every file of a lift or a file he marks "keep offline"
 *   (pinned), and, for a service man, the files of his lifts, fetched ahead after each sync.
 * - Everything kept shares the budget the user chose on the offline page (`FILE_BUDGET_CHOICES`,
 *   200 MB unless he chose another); when it is full, the least recently used unpinned files go
 *   first. Files fetched ahead only fill free space, so they never push out what the user opened
 *   himself; pinned files are never pushed out, even when they alone pass the budget.
 */
const MB = 1024 * 1024;
/** The budgets the offline page offers. */
export const FILE_BUDGET_CHOICES = [50 * MB, 200 * MB, 500 * MB, 1024 * MB] as const;
export const DEFAULT_FILE_BUDGET_BYTES = 200 * MB;

/**
 * The budget chosen on this device: in the mirror's `meta` beside the `kept` rows it governs, so
 * that both go together at sign-out and the offline page follows a change at once (a live query).
 */
export async function fileBudget(db: MirrorDb): Promise<number> {
  const chosen = (await db.meta.get('fileBudget'))?.value;
  return FILE_BUDGET_CHOICES.find((choice) => choice === chosen) ?? DEFAULT_FILE_BUDGET_BYTES;
}

/** Chooses the budget; a lower one drops the least recently used unpinned files at once. */
export async function setFileBudget(db: MirrorDb, bytes: number): Promise<void> {
  if (!FILE_BUDGET_CHOICES.some((choice) => choice === bytes)) throw new Error(`Not a budget: ${bytes}`);
  await db.meta.put({ key: 'fileBudget', value: bytes });
  await enforceBudget(db);
}

const contentPath = (fileId: string) => `/api/${pathOf(filesApi.content, { id: fileId })}`;
const liftPin = (liftId: string) => `lift:${liftId}`;
const hasCaches = () => typeof caches !== 'undefined';

/** Whether the portal holds the file's bytes (a registered link elsewhere cannot be kept). */
export const isKeepable = (file: LiftFile) => file.stored;

async function cachedBlob(fileId: string): Promise<Blob | null> {
  if (!hasCaches()) return null;
  const cache = await caches.open(FILE_CACHE_NAME);
  const response = await cache.match(contentPath(fileId));
  return response ? response.blob() : null;
}

/** Fetches a file's bytes from the server. */
export type Download = (file: LiftFile) => Promise<Blob>;

async function download(file: LiftFile): Promise<Blob> {
  return api.get(pathOf(filesApi.content, { id: file.id }), { timeout: 120_000, retry: 0 }).blob();
}

async function store(db: MirrorDb, file: LiftFile, blob: Blob, pinned: boolean): Promise<void> {
  if (!hasCaches()) return;
  const cache = await caches.open(FILE_CACHE_NAME);
  await cache.put(
    contentPath(file.id),
    new Response(blob, { headers: { 'Content-Type': file.type, 'Content-Length': String(blob.size) } }),
  );
  // One transaction: a pin made while a fetch-ahead of the same file runs must not be lost.
  await db.transaction('rw', db.kept, async () => {
    const known = await db.kept.get(file.id);
    await db.kept.put({
      fileId: file.id,
      liftId: file.liftId,
      size: blob.size,
      pinned: pinned || (known?.pinned ?? false),
      lastUsedAt: Date.now(),
    });
  });
}

async function pinnedLifts(db: MirrorDb): Promise<Set<string>> {
  const rows = await db.pins.toArray();
  return new Set(rows.map((row) => row.key.replace(/^lift:/, '')));
}

const isPinned = (kept: KeptFile, lifts: Set<string>) => kept.pinned || lifts.has(kept.liftId);

async function forget(db: MirrorDb, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  if (hasCaches()) {
    const cache = await caches.open(FILE_CACHE_NAME);
    await Promise.all(fileIds.map((id) => cache.delete(contentPath(id))));
  }
  await db.kept.bulkDelete(fileIds);
}

/** Drops the least recently used unpinned files until what is kept fits the budget. */
async function enforceBudget(db: MirrorDb): Promise<void> {
  const budget = await fileBudget(db);
  const lifts = await pinnedLifts(db);
  const kept = await db.kept.orderBy('lastUsedAt').toArray();
  let used = kept.reduce((sum, row) => sum + row.size, 0);
  const drop: string[] = [];
  for (const row of kept) {
    if (used <= budget) break;
    if (isPinned(row, lifts)) continue;
    drop.push(row.fileId);
    used -= row.size;
  }
  await forget(db, drop);
}

/**
 * The file's bytes: kept ones from the device (offline too), others from the server, kept then.
 * Rejects when the file is not kept and the server cannot be reached.
 */
export async function openFile(db: MirrorDb, file: LiftFile): Promise<Blob> {
  const kept = await cachedBlob(file.id);
  if (kept) {
    await db.kept.update(file.id, { lastUsedAt: Date.now() });
    return kept;
  }
  const blob = await download(file);
  if (isKeepable(file) && blob.size <= (await fileBudget(db))) {
    await store(db, file, blob, false);
    await enforceBudget(db);
  }
  return blob;
}

/** "Keep offline" for one file: fetched now when online, never pushed out while pinned. */
export async function setFilePinned(db: MirrorDb, file: LiftFile, pinned: boolean): Promise<void> {
  const known = await db.kept.get(file.id);
  if (!pinned) {
    if (known) await db.kept.update(file.id, { pinned: false });
    await enforceBudget(db);
    return;
  }
  if (known) await db.kept.update(file.id, { pinned: true });
  else await store(db, file, await download(file), true);
  await enforceBudget(db);
}

/** "Keep offline" for a lift: all its files, now and when new ones come. */
export async function setLiftPinned(db: MirrorDb, liftId: string, pinned: boolean): Promise<void> {
  if (pinned) await db.pins.put({ key: liftPin(liftId) });
  else await db.pins.delete(liftPin(liftId));
  await enforceBudget(db);
}

let refreshing: Promise<void> | null = null;

/**
 * After a sync: files deleted on the server go from the device; files of pinned lifts are fetched;
 * a service man's lifts' files fill the free space, newest first. Stops quietly when offline. One
 * run at a time: a sync during a run does not start a second. `fetchFile` is the server download
 * (another only in tests).
 */
export function refreshKeptFiles(
  db: MirrorDb,
  role: Role | undefined,
  fetchFile: Download = download,
): Promise<void> {
  refreshing ??= refreshOnce(db, role, fetchFile).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshOnce(db: MirrorDb, role: Role | undefined, fetchFile: Download): Promise<void> {
  const budget = await fileBudget(db);
  const files = await db.files.toArray();
  const known = new Set(files.map((file) => file.id));
  const kept = await db.kept.toArray();
  await forget(
    db,
    kept.filter((row) => !known.has(row.fileId)).map((row) => row.fileId),
  );
  const lifts = await pinnedLifts(db);
  const keptIds = new Set(kept.map((row) => row.fileId));
  let used = kept.filter((row) => known.has(row.fileId)).reduce((sum, row) => sum + row.size, 0);
  const wanted = files
    .filter((file) => isKeepable(file) && !keptIds.has(file.id))
    .filter((file) => lifts.has(file.liftId) || role === 'service_man')
    .sort(
      (a, b) =>
        Number(lifts.has(b.liftId)) - Number(lifts.has(a.liftId)) || b.createdAt.localeCompare(a.createdAt),
    );
  for (const file of wanted) {
    const pinned = lifts.has(file.liftId);
    if (!pinned && used + file.size > budget) continue;
    try {
      await store(db, file, await fetchFile(file), false);
    } catch {
      return; // offline or the server away: the next sync goes on
    }
    used += file.size;
  }
  await enforceBudget(db);
}

export interface KeptUsage {
  usedBytes: number;
  budgetBytes: number;
  files: number;
  pinnedFiles: number;
  pinnedLifts: number;
}

/** What the offline page shows about kept files. */
export async function keptUsage(db: MirrorDb): Promise<KeptUsage> {
  const lifts = await pinnedLifts(db);
  const kept = await db.kept.toArray();
  return {
    usedBytes: kept.reduce((sum, row) => sum + row.size, 0),
    budgetBytes: await fileBudget(db),
    files: kept.length,
    pinnedFiles: kept.filter((row) => isPinned(row, lifts)).length,
    pinnedLifts: lifts.size,
  };
}

export const isLiftPinned = async (db: MirrorDb, liftId: string) =>
  (await db.pins.get(liftPin(liftId))) !== undefined;
