import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { messagesApi } from '../../../contract/api/messages';
import type { MessageList } from '../../../contract/schemas/message';
import { useApiQuery } from '../../data/api/use-api';
import type { MirrorDb } from '../../data/mirror/mirror-db';
import { useMirror, useShowsMirror } from '../../data/mirror/use-mirror';

export interface ErrorEventQuery {
  liftId: string;
  type: 'error' | 'info';
  /** Digits, or '' for any code. */
  code: string;
  /** ISO time, or undefined for all the mirror holds. */
  from: string | undefined;
  page: number;
  pageSize: number;
}

async function mirrorEvents(db: MirrorDb, query: ErrorEventQuery): Promise<MessageList> {
  const range = db.messages
    .where('[kind+at]')
    .between([query.type, query.from ?? Dexie.minKey], [query.type, Dexie.maxKey], true, true)
    .reverse()
    .filter(
      (message) =>
        (!query.liftId || message.liftId === query.liftId) &&
        (!query.code || message.code === Number(query.code)),
    );
  const [messages, count] = await Promise.all([
    range
      .clone()
      .offset((query.page - 1) * query.pageSize)
      .limit(query.pageSize)
      .toArray(),
    range.clone().count(),
  ]);
  return { messages, count };
}

/** Error or info events of the user's lifts, newest first: from the mirror (90 days) or the API. */
export function useErrorEvents(query: ErrorEventQuery) {
  const db = useMirror();
  const mirrored = useLiveQuery(
    () => (db ? mirrorEvents(db, query) : undefined),
    [db, query.liftId, query.type, query.code, query.from, query.page, query.pageSize],
  );
  const fetched = useApiQuery(
    messagesApi.detailed,
    db
      ? null
      : {
          query: {
            liftId: query.liftId || undefined,
            type: query.type,
            code: query.code || undefined,
            from: query.from,
            page: query.page,
            pageSize: query.pageSize,
          },
        },
  );
  const showsMirror = useShowsMirror(db, mirrored, fetched.data !== null);
  if (!showsMirror) return fetched;
  return {
    status: mirrored === undefined ? ('loading' as const) : ('ready' as const),
    data: mirrored ?? null,
    error: undefined,
  };
}
