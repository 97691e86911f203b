import { getSession } from './session';

/**
 * GETs asked ahead by a route loader, while the screen's code is still on its way, and handed to
 * the screen's first identical ask (`useApiGet`): a first visit does not wait for the screen's
 * chunks and first render before it asks for its data (docs/performance.md#first-visit-of-the-lift-list).
 *
 * A bare `fetch`, not the HTTP client: this module is in the first-load chunk so that the request
 * leaves at once, and the client (ky) would add ~4 KB gzip to the sign-in page. Only a 2xx answer
 * is handed out; anything else (401, 5xx, unreachable, too slow) makes the screen ask through the
 * client as before, which retries, times out and ends a refused session as every request does.
 */
export type PrefetchParams = Record<string, string | number>;

/** A prefetched answer older than this is not handed out: the screen asks afresh. */
const PREFETCH_TTL_MS = 10_000;
/** The HTTP client's own limit (ky's default timeout). */
const PREFETCH_TIMEOUT_MS = 10_000;

const prefetched = new Map<string, { response: Promise<Response | null>; at: number }>();

/** The request's identity and address: `/api/<path>?<query>`, the names in order. */
export function prefetchUrl(path: string, searchParams: PrefetchParams): string {
  const query = new URLSearchParams();
  for (const name of Object.keys(searchParams).sort()) query.set(name, String(searchParams[name]));
  return `/api/${path}?${query}`;
}

/** Starts `GET /api/<path>` now with the session's token, for the screen that will ask the same soon. */
export function prefetchGet(path: string, searchParams: PrefetchParams): void {
  const url = prefetchUrl(path, searchParams);
  const { token } = getSession();
  const response = fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS),
  }).then(
    (answer) => (answer.ok ? answer : null),
    () => null,
  );
  prefetched.set(url, { response, at: Date.now() });
}

/**
 * The answer prefetched for exactly this request, once: a 2xx `Response`, or null when the screen
 * must ask itself (no prefetch, a stale one, or one that did not succeed).
 */
export async function takePrefetched(path: string, searchParams: PrefetchParams): Promise<Response | null> {
  const url = prefetchUrl(path, searchParams);
  const entry = prefetched.get(url);
  prefetched.delete(url);
  if (!entry || Date.now() - entry.at > PREFETCH_TTL_MS) return null;
  return entry.response;
}
