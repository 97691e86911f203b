import Dexie, { liveQuery } from 'dexie';
import { MIRRORED_TABLE_NAMES } from '../../../contract/mirrored-tables';
import type { Lift } from '../../../contract/schemas/lift';
import type { MirroredReloadEntity, ReloadChange } from '../../../contract/socket';
import { refreshKeptFiles } from '../files/file-cache';
import { getSession } from '../session/session';
import { subscribeSocketEvent } from '../session/socket';
import { MirrorDb, mirrorName } from './mirror-db';
import { applyServerRow, makeWaitingDue, removeMirrorRow, replayOutbox } from './outbox';
import { outboxStore, setOutboxEntries } from './outbox-state';
import { pageWriter } from './page-writer';
import { applyLiveAlarm, applyLiveMessage, isMirrorComplete, type PageWriter, pullAll } from './pull';
import { fetchPullPage, sendOutboxEntry, sendUpload } from './send';
import {
  mirrorStore,
  type SyncReason,
  setSyncRequester,
  syncStatusStore,
  uploadProgressStore,
} from './sync-status';
import { resolveUploadRefs, sendUploads } from './uploads';

/** Events close together (online + visible + reconnect) make one sync. */
const SYNC_DEBOUNCE_MS = 250;

interface Running {
  userId: string;
  db: MirrorDb;
  writer: PageWriter;
  stops: Array<() => void>;
}

let running: Running | null = null;

/** Runs `task` while no other tab of this user syncs (Web Locks); without the API, just runs it. */
async function withSyncLock(userId: string, task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  await locks.request(`lift-portal-sync-${userId}`, async () => {
    await task();
  });
}

const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

function createSyncer(current: Running, sessionConfirmed: Promise<unknown>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  let wanted: { pull: boolean } | null = null;

  function scheduleRetry(at: number | null) {
    clearTimeout(retryTimer);
    if (at === null) return;
    retryTimer = setTimeout(() => request('timer'), Math.max(0, at - Date.now()));
  }

  async function run() {
    if (!wanted || busy) return;
    busy = true;
    await sessionConfirmed.catch(() => undefined);
    busy = false;
    if (running !== current || !wanted) return;
    // Without a network every try fails: wait for the `online` event instead.
    if (!navigator.onLine) {
      wanted = null;
      return;
    }
    const pull = wanted.pull;
    wanted = null;
    busy = true;
    syncStatusStore.update((status) => ({ ...status, syncing: true }));
    try {
      await withSyncLock(current.userId, async () => {
        if (running !== current) return;
        // Photos first: notes that name them are sent only once they are stored.
        const uploaded = await sendUploads(current.db, sendUpload, (uid, loaded, total) =>
          uploadProgressStore.update((progress) => ({ ...progress, [uid]: { loaded, total } })),
        );
        uploadProgressStore.set({});
        if (uploaded.sent > 0) await makeWaitingDue(current.db);
        const outcome = await replayOutbox(current.db, sendOutboxEntry, Date.now, (body) =>
          resolveUploadRefs(current.db, body),
        );
        scheduleRetry(earliest(outcome.nextAttemptAt, uploaded.nextAttemptAt));
        if (outcome.delivered + uploaded.delivered > 0) {
          const delivered = { count: outcome.delivered + uploaded.delivered, at: Date.now() };
          syncStatusStore.update((status) => ({ ...status, delivered }));
        }
        if (!pull || running !== current) return;
        await pullAll(current.db, fetchPullPage, current.writer);
        if (running === current) mirrorStore.update((state) => ({ ...state, ready: true }));
        // In the background: fetching files ahead must not hold the next sync back.
        if (running === current)
          void refreshKeptFiles(current.db, getSession().claims?.role).catch(() => undefined);
      });
    } catch {
      // Unreachable or refused: the mirror keeps what it has; the next trigger tries again.
    } finally {
      busy = false;
      syncStatusStore.update((status) => ({ ...status, syncing: false }));
      if (wanted) void run();
    }
  }

  function request(reason: SyncReason) {
    if (running !== current) return;
    const pull = reason !== 'timer';
    wanted = { pull: pull || (wanted?.pull ?? false) };
    clearTimeout(timer);
    timer = setTimeout(() => void run(), reason === 'timer' ? 0 : SYNC_DEBOUNCE_MS);
  }

  const stop = () => {
    clearTimeout(timer);
    clearTimeout(retryTimer);
  };
  return { request, stop };
}

/** Mirrors the outbox, the uploads and meta rows into the status the shell shows. */
function watchStatus(db: MirrorDb): () => void {
  const subscription = liveQuery(async () => ({
    entries: await db.outbox.orderBy('seq').toArray(),
    uploads: await db.uploads.where('status').anyOf('pending', 'failed').toArray(),
    lastSyncAt: (await db.meta.get('lastSyncAt'))?.value as string | undefined,
  })).subscribe({
    next: ({ entries, uploads, lastSyncAt }) => {
      setOutboxEntries(entries);
      syncStatusStore.update((status) => ({
        ...status,
        // An upload waiting counts as a change waiting: the user made both.
        pending:
          entries.filter((entry) => entry.status === 'pending').length +
          uploads.filter((upload) => upload.status === 'pending').length,
        failed:
          entries.filter((entry) => entry.status === 'failed').length +
          uploads.filter((upload) => upload.status === 'failed').length,
        conflicts: entries.filter((entry) => entry.status === 'conflict').length,
        lastSyncAt: lastSyncAt ?? null,
      }));
    },
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}

function listen(target: EventTarget, event: string, handler: () => void): () => void {
  target.addEventListener(event, handler);
  return () => target.removeEventListener(event, handler);
}

/** Asks once to keep the mirror from eviction; remembers the browser's answer. */
async function askForPersistentStorage(db: MirrorDb): Promise<void> {
  const known = (await db.meta.get('persisted'))?.value as boolean | undefined;
  let persisted = known;
  if (persisted !== true && navigator.storage?.persist) {
    persisted = (await navigator.storage.persisted?.()) || (await navigator.storage.persist());
    await db.meta.put({ key: 'persisted', value: persisted });
  }
  syncStatusStore.update((status) => ({ ...status, persistRefused: persisted === false }));
}

const mirrored = new Set<string>([...MIRRORED_TABLE_NAMES, 'settings'] satisfies MirroredReloadEntity[]);

/** Whether a `reload` names something the mirror holds (and so asks for a pull). */
function reloadsMirror(change: ReloadChange | null | undefined): boolean {
  return typeof change?.entity === 'string' && mirrored.has(change.entity);
}

/**
 * What the user socket tells the mirror (docs/sync.md): `lift`, `lift:message` and `lift:alarm`
 * rows go in at once, under pending changes; `lift:removed` takes a lift and its messages out; a `reload` of a
 * mirrored entity asks for a pull. Other reloads (`users`: the screens refetch) and unknown ones
 * leave the mirror alone. Answers the unsubscribers.
 */
export function followServerEvents(
  db: MirrorDb,
  requestPull: () => void,
  subscribe: typeof subscribeSocketEvent = subscribeSocketEvent,
): Array<() => void> {
  return [
    subscribe('reload', (change) => {
      if (reloadsMirror(change)) requestPull();
    }),
    subscribe('lift', (lift: Lift) => void applyServerRow(db, 'lift', lift).catch(() => undefined)),
    subscribe('lift:message', (message) => void applyLiveMessage(db, message).catch(() => undefined)),
    subscribe('lift:alarm', (alarm) => void applyLiveAlarm(db, alarm).catch(() => undefined)),
    subscribe('lift:removed', ({ id }) => void removeMirrorRow(db, 'lift', id).catch(() => undefined)),
  ];
}

/** Opens the signed-in user's mirror and keeps it in sync until `stopMirror`. */
export async function startMirror(userId: string, sessionConfirmed: Promise<unknown>): Promise<void> {
  if (running?.userId === userId) return;
  await stopMirror({ deleteData: false });
  const db = new MirrorDb(mirrorName(userId));
  await db.open();
  // Signed out (or someone else signed in) while the database opened.
  if (getSession().claims?.sub !== userId || running) {
    // After a sign-out nothing of the user's stays behind, unless changes wait to be sent.
    if (!getSession().token && (await db.outbox.count()) === 0) await db.delete();
    else db.close();
    return;
  }
  const writer = pageWriter(db);
  const current: Running = { userId, db, writer, stops: [writer.close] };
  running = current;
  mirrorStore.set({ db, userId, ready: await isMirrorComplete(db) });

  const syncer = createSyncer(current, sessionConfirmed);
  setSyncRequester(syncer.request);
  const setOnline = (online: boolean) => syncStatusStore.update((status) => ({ ...status, online }));
  current.stops.push(
    syncer.stop,
    () => setSyncRequester(null),
    watchStatus(db),
    listen(window, 'online', () => {
      setOnline(true);
      void makeWaitingDue(db)
        .then(() => db.uploads.where('status').equals('pending').modify({ nextAttemptAt: Date.now() }))
        .then(() => syncer.request('online'));
    }),
    listen(window, 'offline', () => setOnline(false)),
    listen(document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') syncer.request('visible');
    }),
    ...followServerEvents(db, () => syncer.request('reload')),
  );
  setOnline(navigator.onLine);
  void askForPersistentStorage(db).catch(() => undefined);
  syncer.request('start');
}

/** Stops syncing; `deleteData` removes the user's mirror from the device (sign-out). */
export async function stopMirror({ deleteData }: { deleteData: boolean }): Promise<void> {
  const current = running;
  running = null;
  mirrorStore.set({ db: null, userId: null, ready: false });
  outboxStore.set({ entries: [], left: {} });
  syncStatusStore.update((status) => ({ ...status, pending: 0, failed: 0, conflicts: 0, lastSyncAt: null }));
  if (!current) return;
  for (const stop of current.stops) stop();
  if (!deleteData) {
    current.db.close();
    return;
  }
  await current.db.delete();
}

/** Whether the user's mirror on this device still holds changes the server has not taken. */
export async function hasUnsentChanges(userId: string): Promise<boolean> {
  if (running?.userId === userId) return (await running.db.outbox.count()) > 0;
  const db = new MirrorDb(mirrorName(userId));
  try {
    return (await db.outbox.count()) > 0;
  } finally {
    db.close();
  }
}

/** Removes a user's mirror even when it is not open (a sign-out after a forced end). */
export function deleteMirrorOf(userId: string): Promise<void> {
  return Dexie.delete(mirrorName(userId));
}
