import type { MirrorDb } from './mirror-db';
import type {
  PageWriterOperation as Operation,
  PageWriterAnswer,
  PageWriterRequest,
} from './page-writer.worker';
import { directWriter, type PageWriter } from './pull';

/**
 * Writes pulled pages in a worker (page-writer.worker.ts): a first sync puts thousands of rows,
 * and on the page's thread that was its longest work after the first render, seconds on a phone
 * (docs/performance.md#where-the-lift-lists-main-thread-goes). Where no worker can start (no
 * `Worker`, or its script fails to load) the pages are written here, as before; a request the
 * worker has not answered when it fails is written here too (a page written twice is the same page).
 * `close` ends the worker: before the database is closed or deleted.
 */
export function pageWriter(db: MirrorDb): PageWriter & { close(): void } {
  const direct = directWriter(db);
  if (typeof Worker === 'undefined') return { ...direct, close: () => undefined };
  let worker: Worker | null = new Worker(new URL('./page-writer.worker.ts', import.meta.url), {
    type: 'module',
    name: db.name,
  });
  let nextId = 0;
  const waiting = new Map<
    number,
    { operation: Operation; resolve: () => void; reject: (error: Error) => void }
  >();
  const runHere = (operation: Operation) =>
    operation.op === 'apply' ? direct.apply(operation.page) : direct.clear();
  const close = () => {
    worker?.terminate();
    worker = null;
  };
  worker.onmessage = ({ data }: MessageEvent<PageWriterAnswer>) => {
    const request = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error === undefined) request?.resolve();
    else request?.reject(new Error(data.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    close();
    for (const { operation, resolve, reject } of waiting.values()) runHere(operation).then(resolve, reject);
    waiting.clear();
  };
  const send = (operation: Operation) => {
    if (!worker) return runHere(operation);
    const id = nextId++;
    const request: PageWriterRequest = { id, ...operation };
    return new Promise<void>((resolve, reject) => {
      waiting.set(id, { operation, resolve, reject });
      worker?.postMessage(request);
    });
  };
  return { apply: (page) => send({ op: 'apply', page }), clear: () => send({ op: 'clear' }), close };
}
