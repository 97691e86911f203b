import type { Alarm } from '../../../contract/schemas/alarm';
import type { Message } from '../../../contract/schemas/message';
import {
  MIRROR_MESSAGE_DAYS,
  SYNC_PULL_DEFAULT_LIMIT,
  type SyncPullResponse,
} from '../../../contract/schemas/sync';
import type { MirrorDb } from './mirror-db';
import { overlayPendingChanges } from './outbox';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest time a mirrored message may have, by the server's clock `serverTime` (ISO). */
const windowStart = (serverTime: string) =>
  new Date(Date.parse(serverTime) - MIRROR_MESSAGE_DAYS * DAY_MS).toISOString();

/**
 * Rows per page the client asks for. Smaller pages let the server answer other requests between
 * them (a first sync of an admin is thousands of rows).
 */
export const PULL_PAGE_LIMIT = SYNC_PULL_DEFAULT_LIMIT;

/** Empties the mirror's data (not the outbox): after `reset`, or to start over. */
export async function clearMirrorData(db: MirrorDb): Promise<void> {
  await db.transaction(
    'rw',
    [db.lifts, db.descriptions, db.messages, db.files, db.alarms, db.visits, db.base, db.meta],
    async () => {
      await Promise.all([
        db.lifts.clear(),
        db.descriptions.clear(),
        db.messages.clear(),
        db.files.clear(),
        db.alarms.clear(),
        db.visits.clear(),
        db.base.clear(),
      ]);
      await db.meta.bulkDelete(['cursor', 'serverTime']);
    },
  );
}

/**
 * Applies one pull page in one transaction: rows in, deletions out (a lift's messages and files with it),
 * pending outbox changes laid on top again, messages older than 90 days pruned, cursor saved.
 */
export async function applyPullPage(db: MirrorDb, page: SyncPullResponse): Promise<void> {
  const tables = [
    db.lifts,
    db.descriptions,
    db.base,
    db.messages,
    db.files,
    db.alarms,
    db.visits,
    db.meta,
    db.outbox,
  ];
  await db.transaction('rw', tables, async () => {
    const overlaid = await overlayPendingChanges(db, page);
    await db.lifts.bulkPut(overlaid.lifts);
    await db.descriptions.bulkPut(overlaid.descriptions);
    await db.messages.bulkPut(overlaid.messages);
    await db.base.bulkPut(page.base);
    await db.files.bulkPut(page.files);
    await db.alarms.bulkPut(overlaid.alarms);
    await db.visits.bulkPut(overlaid.visits);
    await db.lifts.bulkDelete(page.deleted.lifts);
    if (page.deleted.lifts.length > 0) {
      await db.messages.where('liftId').anyOf(page.deleted.lifts).delete();
      await db.files.where('liftId').anyOf(page.deleted.lifts).delete();
      await db.alarms.where('liftId').anyOf(page.deleted.lifts).delete();
      await db.visits.where('liftId').anyOf(page.deleted.lifts).delete();
    }
    await db.descriptions.bulkDelete(page.deleted.descriptions);
    await db.base.bulkDelete(page.deleted.base);
    await db.messages.bulkDelete(page.deleted.messages);
    await db.files.bulkDelete(page.deleted.files);
    await db.alarms.bulkDelete(page.deleted.alarms);
    await db.visits.bulkDelete(page.deleted.visits);
    await db.messages.where('at').below(windowStart(page.serverTime)).delete();
    await db.meta.bulkPut([
      { key: 'cursor', value: page.cursor },
      { key: 'serverTime', value: page.serverTime },
      { key: 'settings', value: page.settings },
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
    const [shown] = (
      await overlayPendingChanges(db, {
        lifts: [],
        descriptions: [],
        messages: [message],
        alarms: [],
        visits: [],
      })
    ).messages;
    if (!shown) return false;
    await db.messages.put(shown);
    return true;
  });
}

const hasRows = (page: SyncPullResponse) =>
  page.lifts.length +
    page.descriptions.length +
    page.base.length +
    page.messages.length +
    page.files.length +
    page.alarms.length >
  0;

/**
 * An alarm the server pushed (socket `lift:alarm`): only for a lift the mirror holds, never over a
 * newer version, and under the user's pending acknowledgement. Answers whether it was written.
 */
export async function applyLiveAlarm(db: MirrorDb, alarm: Alarm): Promise<boolean> {
  return db.transaction('rw', [db.lifts, db.alarms, db.outbox], async () => {
    if (!(await db.lifts.get(alarm.liftId))) return false;
    const stored = await db.alarms.get(alarm.id);
    if (stored && stored.version > alarm.version) return false;
    const [shown] = (
      await overlayPendingChanges(db, {
        lifts: [],
        descriptions: [],
        messages: [],
        alarms: [alarm],
        visits: [],
      })
    ).alarms;
    if (!shown) return false;
    await db.alarms.put(shown);
    return true;
  });
}

export type FetchPullPage = (cursor: string | undefined) => Promise<SyncPullResponse>;

/**
 * Pages through the server's changes until `hasMore` is false. A `reset` answer clears the mirror
 * and starts again from no cursor (once per call, so a confused server cannot loop us).
 */
export async function pullAll(db: MirrorDb, fetchPage: FetchPullPage): Promise<{ pages: number }> {
  let cursor = (await db.meta.get('cursor'))?.value as string | undefined;
  let resets = 0;
  let pages = 0;
  for (;;) {
    const page = await fetchPage(cursor);
    pages++;
    if (page.reset) {
      if (resets++ > 0 && cursor === undefined) throw new Error('The server keeps answering reset');
      await clearMirrorData(db);
      cursor = undefined;
      if (page.lifts.length + page.descriptions.length + page.messages.length + page.files.length === 0)
        continue;
    }
    await applyPullPage(db, page);
    cursor = page.cursor;
    if (!page.hasMore) return { pages };
  }
}

/** True once a first sync finished: screens may read the mirror instead of the API. */
export async function isMirrorComplete(db: MirrorDb): Promise<boolean> {
  return (await db.meta.get('lastSyncAt')) !== undefined && (await db.meta.get('cursor')) !== undefined;
}
