import { api } from './http';

/**
 * GETs asked ahead by a route loader, while the screen's code is still on its way, and handed to
 * the screen's first identical ask (`useApiGet`): a first visit does not wait for the chunks and
 * the first render before it asks for the data (docs/performance.md#first-visit-of-the-lift-list).
 */
export type PrefetchParams = Record<string, string | number>;

/** A prefetched answer older than this is not handed out: the screen asks afresh. */
const PREFETCH_TTL_MS = 10_000;

const prefetched = new Map<string, { response: Promise<Response>; at: number }>();

/** The request's identity: path and query, whatever the order of the query's names. */
export function prefetchKey(path: string, searchParams: PrefetchParams): string {
  const names = Object.keys(searchParams).sort();
  return `${path}?${names.map((name) => `${name}=${encodeURIComponent(String(searchParams[name]))}`).join('&')}`;
}

/** Starts `GET /api/<path>` now, for the screen that will ask the same soon. */
export function prefetchGet(path: string, searchParams: PrefetchParams): void {
  const key = prefetchKey(path, searchParams);
  const response = api.get(path, { searchParams });
  // The screen that takes the answer sees its failure; an answer nobody takes is dropped quietly.
  response.catch(() => undefined);
  prefetched.set(key, { response, at: Date.now() });
}

/** The answer prefetched for exactly this request, once; undefined when there is none or it is stale. */
export function takePrefetched(path: string, searchParams: PrefetchParams): Promise<Response> | undefined {
  const key = prefetchKey(path, searchParams);
  const entry = prefetched.get(key);
  prefetched.delete(key);
  if (!entry || Date.now() - entry.at > PREFETCH_TTL_MS) return undefined;
  return entry.response;
}
