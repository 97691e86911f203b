import { LIFT_CHILD_TABLES, MIRRORED_TABLE_NAMES } from '../../../contract/mirrored-tables';
import type { Alarm } from '../../../contract/schemas/alarm';
import type { Message } from '../../../contract/schemas/message';
import {
  MIRROR_MESSAGE_DAYS,
  SYNC_PULL_DEFAULT_LIMIT,
  type SyncPullResponse,
} from '../../../contract/schemas/sync';
import { DAY_MS } from '../../../contract/time';
import { type MirrorDb, mirroredStore } from './mirror-db';
import { pendingChangesOverlay } from './outbox';

/** The oldest time a mirrored message may have, by the server's clock `serverTime` (ISO). */
const windowStart = (serverTime: string) =>
  new Date(Date.parse(serverTime) - MIRROR_MESSAGE_DAYS * DAY_MS).toISOString();

/**
 * Rows per page the client asks for. Smaller pages let the server answer other requests between
 * them (a first sync of an admin is thousands of rows); larger ones save round trips and the
 * server's fixed work per page. The server reads a page only as deep as the page
 * (docs/sync.md#first-sync), so twice the default is what the bench found fastest.
 */
export const PULL_PAGE_LIMIT = 2 * SYNC_PULL_DEFAULT_LIMIT;

const mirroredStores = (db: MirrorDb) => MIRRORED_TABLE_NAMES.map((name) => mirroredStore(db, name));

/** Empties the mirror's data (not the outbox): after `reset`, or to start over. */
export async function clearMirrorData(db: MirrorDb): Promise<void> {
  const stores = mirroredStores(db);
  await db.transaction('rw', [...stores, db.meta], async () => {
    await Promise.all(stores.map((store) => store.clear()));
    await db.meta.bulkDelete(['cursor', 'serverTime']);
  });
}

/**
 * Applies one pull page in one transaction: rows in, deletions out (a lift's children with it),
 * pending outbox changes laid on top again, messages older than 90 days pruned, cursor saved.
 */
export async function applyPullPage(db: MirrorDb, page: SyncPullResponse): Promise<void> {
  await db.transaction('rw', [...mirroredStores(db), db.meta, db.outbox], async () => {
    const overlay = await pendingChangesOverlay(db);
    // The requests of a phase go out together (IndexedDB queues them in the transaction) rather
    // than one round trip each; the deletions come after the rows, since a deleted lift takes rows
    // of the same page with it. Empty lists cost no request.
    const put = <T>(table: { bulkPut(rows: T[]): Promise<unknown> }, rows: T[]) =>
      rows.length > 0 ? table.bulkPut(rows) : undefined;
    const remove = (table: { bulkDelete(ids: string[]): Promise<unknown> }, ids: string[]) =>
      ids.length > 0 ? table.bulkDelete(ids) : undefined;
    await Promise.all([
      ...MIRRORED_TABLE_NAMES.map((name) => put(mirroredStore(db, name), overlay(name, page[name]))),
      db.meta.bulkPut([
        { key: 'cursor', value: page.cursor },
        { key: 'serverTime', value: page.serverTime },
        { key: 'settings', value: page.settings },
      ]),
    ]);
    const gone = page.deleted.lifts;
    await Promise.all([
      ...MIRRORED_TABLE_NAMES.map((name) => remove(mirroredStore(db, name), page.deleted[name])),
      ...(gone.length > 0
        ? LIFT_CHILD_TABLES.map((name) => mirroredStore(db, name).where('liftId').anyOf(gone).delete())
        : []),
      db.messages.where('at').below(windowStart(page.serverTime)).delete(),
    ]);
    if (!page.hasMore) await db.meta.put({ key: 'lastSyncAt', value: new Date().toISOString() });
  });
}

/**
 * A reading the server pushed (socket `lift:message`), written as a pulled one would be: only for
 * a lift the mirror holds, only within the 90 days (by the last pull's server time), never over
 * a newer version, and under the user's pending changes. Answers whether it was written.
 */
export async function applyLiveMessage(db: MirrorDb, message: Message): Promise<boolean> {
  return db.transaction('rw', [db.lifts, db.messages, db.meta, db.outbox], async () => {
    // Not mirrored (yet, or any more): the next pull brings what the user may see.
    if (!(await db.lifts.get(message.liftId))) return false;
    const serverTime = (await db.meta.get('serverTime'))?.value as string | undefined;
    if (message.at < windowStart(serverTime ?? new Date().toISOString())) return false;
    const stored = await db.messages.get(message.id);
    if (stored && stored.version > message.version) return false;
    const [shown] = (await pendingChangesOverlay(db))('messages', [message]);
    if (!shown) return false;
    await db.messages.put(shown);
    return true;
  });
}

const hasRows = (page: SyncPullResponse) => MIRRORED_TABLE_NAMES.some((name) => page[name].length > 0);

/**
 * An alarm the server pushed (socket `lift:alarm`): only for a lift the mirror holds, never over a
 * newer version, and under the user's pending acknowledgement. Answers whether it was written.
 */
export async function applyLiveAlarm(db: MirrorDb, alarm: Alarm): Promise<boolean> {
  return db.transaction('rw', [db.lifts, db.alarms, db.outbox], async () => {
    if (!(await db.lifts.get(alarm.liftId))) return false;
    const stored = await db.alarms.get(alarm.id);
    if (stored && stored.version > alarm.version) return false;
    const [shown] = (await pendingChangesOverlay(db))('alarms', [alarm]);
    if (!shown) return false;
    await db.alarms.put(shown);
    return true;
  });
}

export type FetchPullPage = (cursor: string | undefined) => Promise<SyncPullResponse>;

/**
 * Where pulled pages are written. The engine writes them in a worker (page-writer.ts), so that a
 * first sync's thousands of rows do not hold the page's thread; `directWriter` writes them here.
 */
export interface PageWriter {
  apply(page: SyncPullResponse): Promise<void>;
  clear(): Promise<void>;
}

export const directWriter = (db: MirrorDb): PageWriter => ({
  apply: (page) => applyPullPage(db, page),
  clear: () => clearMirrorData(db),
});

/**
 * Pages fetched ahead of the writer: while page N is written, page N+1 is on its way, and N+2 is
 * asked for as soon as N+1 arrives, so the link and IndexedDB work at the same time (docs/sync.md#pull).
 * `depth` pages at most are asked for or waiting; a page is asked for only with the cursor of the
 * page before it, so the chain stops after a last page (`hasMore: false`) or a reset.
 */
function prefetchPages(fetchPage: FetchPullPage, cursor: string | undefined, depth: number) {
  const ahead: Promise<SyncPullResponse | null>[] = [];
  let tail: Promise<SyncPullResponse | null> | undefined;
  let stopped = false;
  const fill = () => {
    while (ahead.length < depth) {
      tail = tail
        ? tail.then((page) =>
            !stopped && page && !page.reset && page.hasMore ? fetchPage(page.cursor) : null,
          )
        : fetchPage(cursor);
      // A page fetched ahead that nobody takes (the writer failed) must not fail unhandled.
      tail.catch(() => undefined);
      ahead.push(tail);
    }
  };
  return {
    /** The next page in order; null after the last one. */
    async next(): Promise<SyncPullResponse | null> {
      fill();
      const page = ahead.shift() as Promise<SyncPullResponse | null>;
      fill();
      return page;
    },
    /** No further requests: the pages already asked for are dropped. */
    stop() {
      stopped = true;
    },
  };
}

/** Pages fetched ahead of the one being written (see `prefetchPages`). */
const PREFETCH_DEPTH = 2;

/**
 * Pages through the server's changes until `hasMore` is false, fetching ahead while earlier pages
 * are written. A page's cursor is saved with its rows, in order, so an interrupted pull goes on
 * after the last page written. A `reset` answer clears the mirror and starts again from no cursor
 * (once per call, so a confused server cannot loop us).
 */
export async function pullAll(
  db: MirrorDb,
  fetchPage: FetchPullPage,
  writer: PageWriter = directWriter(db),
  depth = PREFETCH_DEPTH,
): Promise<{ pages: number }> {
  let cursor = (await db.meta.get('cursor'))?.value as string | undefined;
  let resets = 0;
  let pages = 0;
  for (;;) {
    const pipeline = prefetchPages(fetchPage, cursor, depth);
    try {
      for (;;) {
        const page = await pipeline.next();
        if (!page) throw new Error('The pull ended without a last page');
        pages++;
        if (page.reset) {
          if (resets++ > 0 && cursor === undefined) throw new Error('The server keeps answering reset');
          await writer.clear();
          cursor = undefined;
          // Nothing is fetched ahead of a reset: start again from no cursor (or the one it gave).
          if (hasRows(page)) {
            await writer.apply(page);
            cursor = page.cursor || undefined;
            if (!page.hasMore) return { pages };
          }
          break;
        }
        await writer.apply(page);
        cursor = page.cursor;
        if (!page.hasMore) return { pages };
      }
    } finally {
      pipeline.stop();
    }
  }
}

/** True once a first sync finished: screens may read the mirror instead of the API. */
export async function isMirrorComplete(db: MirrorDb): Promise<boolean> {
  return (await db.meta.get('lastSyncAt')) !== undefined && (await db.meta.get('cursor')) !== undefined;
}
