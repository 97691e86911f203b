import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { AnswerOf } from '../../../contract/api/endpoint';
import { liftsApi } from '../../../contract/api/lifts';
import { messagesApi } from '../../../contract/api/messages';
import type { Lift } from '../../../contract/schemas/lift';
import type { Message } from '../../../contract/schemas/message';
import type { ApiRequestError } from '../../data/api/api-error';
import { useApiQuery } from '../../data/api/use-api';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { requestSync } from '../../data/mirror/sync-status';
import { useMirror, useShowsMirror } from '../../data/mirror/use-mirror';

type LiftListPage = AnswerOf<typeof liftsApi.list>;

/** What a screen needs to draw a list or record, whether it came from the mirror or the API. */
export interface DataState<T> {
  status: 'loading' | 'ready' | 'failed';
  data: T | null;
  error?: ApiRequestError;
  reload: () => void;
  /** Changes the shown data (API mode only; the mirror updates itself). */
  setData: (change: (current: T | null) => T | null) => void;
  fromMirror: boolean;
}

const syncNow = () => requestSync('user');
const ignore = () => undefined;

function fromMirror<T>(data: T | undefined): DataState<T> {
  return {
    status: data === undefined ? 'loading' : 'ready',
    data: data ?? null,
    reload: syncNow,
    setData: ignore,
    fromMirror: true,
  };
}

/** The mirror's answer when `db` is given, else the API's, which stays until the mirror answers. */
function useMirrorOrApi<T>(
  db: MirrorDb | null,
  mirrored: T | undefined,
  fetched: Omit<DataState<T>, 'fromMirror'>,
): DataState<T> {
  if (useShowsMirror(db, mirrored, fetched.data !== null)) return fromMirror(mirrored);
  return { ...fetched, fromMirror: false };
}

/** The fields the lift search looks in, as the server's search does (uid, address, IMEI, ICCID). */
function liftMatches(lift: Lift, search: string): boolean {
  const needle = search.toLowerCase();
  return [lift.uid, lift.address, lift.imei, lift.iccid ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

async function mirrorLiftPage(db: MirrorDb, search: string, page: number, pageSize: number) {
  const ordered = db.lifts.orderBy('uid');
  const matching = search ? ordered.filter((lift) => liftMatches(lift, search)) : ordered;
  const [lifts, count] = await Promise.all([
    matching
      .clone()
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .toArray(),
    matching.clone().count(),
  ]);
  return { lifts, count };
}

/** A page of the user's lifts, searched: from the mirror (sorted by ID) or from the API. */
export function useLiftList(query: {
  search: string;
  page: number;
  pageSize: number;
}): DataState<LiftListPage> {
  const db = useMirror();
  const { search, page, pageSize } = query;
  const mirrored = useLiveQuery(
    () => (db ? mirrorLiftPage(db, search, page, pageSize) : undefined),
    [db, search, page, pageSize],
  );
  const fetched = useApiQuery(liftsApi.list, db ? null : { query: { page, pageSize, search } });
  return useMirrorOrApi(db, mirrored, fetched);
}

/**
 * One lift from the mirror; a lift the mirror does not hold (yet) comes from the API, so a lift
 * created a moment ago opens before the next sync brings it.
 */
export function useLift(liftId: string): DataState<Lift> {
  const db = useMirror();
  const mirrored = useLiveQuery(
    async () => (db ? ((await db.lifts.get(liftId)) ?? null) : undefined),
    [db, liftId],
  );
  const fetched = useApiQuery(liftsApi.get, !db || mirrored === null ? { params: { id: liftId } } : null);
  // A lift the mirror does not hold comes from the API.
  return useMirrorOrApi(mirrored === null ? null : db, mirrored ?? undefined, fetched);
}

/** Which readings a lift's list shows: errors and infos, or the periodic stats readings. */
export type ReadingKinds = 'events' | 'stats';

/**
 * A lift's readings of `kinds`, newest first, paged: errors and infos for "Recent errors and
 * infos", stats readings for the stats tab. The mirror holds the last 90 days.
 */
export function useLiftMessages(
  liftId: string,
  page: number,
  pageSize: number,
  kinds: ReadingKinds = 'events',
): DataState<{ messages: Message[]; count: number }> {
  const db = useMirror();
  const mirrored = useLiveQuery(async () => {
    if (!db) return undefined;
    const wanted = (message: Message) => (kinds === 'stats') === (message.kind === 'stats');
    const range = db.messages
      .where('[liftId+at]')
      .between([liftId, Dexie.minKey], [liftId, Dexie.maxKey], true, true)
      .filter(wanted);
    const [messages, count] = await Promise.all([
      range
        .clone()
        .reverse()
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      range.clone().count(),
    ]);
    return { messages, count };
  }, [db, liftId, page, pageSize, kinds]);
  const fetched = useApiQuery(
    kinds === 'stats' ? messagesApi.stats : messagesApi.detailed,
    db ? null : { query: { liftId, page, pageSize } },
  );
  return useMirrorOrApi(db, mirrored, fetched);
}
