/**
 * The worker that writes pulled pages into the user's mirror (page-writer.ts): the same
 * `applyPullPage` as on the page, on this worker's own connection to the database. Dexie tells the
 * page's live queries what changed (it broadcasts every write to the origin's other contexts).
 */
import type { SyncPullResponse } from '../../../contract/schemas/sync';
import { MirrorDb } from './mirror-db';
import { applyPullPage, clearMirrorData } from './pull';

/** What the page asks the worker to do; a request carries it with its `id`. */
export type PageWriterOperation = { op: 'apply'; page: SyncPullResponse } | { op: 'clear' };
export type PageWriterRequest = PageWriterOperation & { id: number };

export interface PageWriterAnswer {
  id: number;
  error?: string;
}

interface WorkerScope {
  name: string;
  onmessage: ((event: MessageEvent<PageWriterRequest>) => void) | null;
  postMessage(answer: PageWriterAnswer): void;
}

const scope = self as unknown as WorkerScope;
// The page names the database in the worker's name (page-writer.ts).
const db = new MirrorDb(scope.name);
// One request at a time, in order: a page's cursor must not be saved before the page before it.
let queue: Promise<unknown> = Promise.resolve();

scope.onmessage = ({ data: request }) => {
  queue = queue.then(async () => {
    try {
      if (request.op === 'apply') await applyPullPage(db, request.page);
      else await clearMirrorData(db);
      scope.postMessage({ id: request.id });
    } catch (error) {
      scope.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
};
