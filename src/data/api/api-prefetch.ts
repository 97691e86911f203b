import { getSession } from '../session/session';

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

/** The service worker marks an answer it took from its cache when the network failed (sw/sw.ts). */
export const FROM_CACHE_HEADER = 'X-From-Cache';

/** A prefetched 2xx answer, read: the screen can draw it in its first render. */
export interface PrefetchedAnswer {
  data: unknown;
  fromCache: boolean;
}

interface Prefetch {
  answer: Promise<PrefetchedAnswer | null>;
  /** The answer once it has come (null: none to hand out); undefined while it is on its way. */
  settled?: PrefetchedAnswer | null;
  at: number;
}

const prefetched = new Map<string, Prefetch>();

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
  const entry: Prefetch = { answer: Promise.resolve(null), at: Date.now() };
  entry.answer = fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS),
  })
    .then(async (answer) =>
      answer.ok
        ? { data: (await answer.json()) as unknown, fromCache: answer.headers.get(FROM_CACHE_HEADER) === '1' }
        : null,
    )
    .catch(() => null)
    .then((answer) => {
      entry.settled = answer;
      return answer;
    });
  prefetched.set(url, entry);
}

function freshEntry(url: string): Prefetch | undefined {
  const entry = prefetched.get(url);
  if (entry && Date.now() - entry.at > PREFETCH_TTL_MS) {
    prefetched.delete(url);
    return undefined;
  }
  return entry;
}

/**
 * For a route loader: waits until the prefetched answer has come, at most `ms`, so that the
 * screen can mount with its data (one render instead of a loading one and then the data).
 */
export async function prefetchSettled(path: string, searchParams: PrefetchParams, ms: number): Promise<void> {
  const entry = freshEntry(prefetchUrl(path, searchParams));
  if (!entry || entry.settled !== undefined) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([entry.answer, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * The prefetched answer for exactly this request if it has already come, once; undefined when
 * there is none yet (the screen may still `takePrefetched` it) or none to hand out.
 */
export function takeSettledPrefetch(
  path: string,
  searchParams: PrefetchParams,
): PrefetchedAnswer | undefined {
  const url = prefetchUrl(path, searchParams);
  const entry = freshEntry(url);
  if (!entry || entry.settled === undefined) return undefined;
  prefetched.delete(url);
  return entry.settled ?? undefined;
}

/**
 * The answer prefetched for exactly this request, once: a 2xx answer, or null when the screen
 * must ask itself (no prefetch, a stale one, or one that did not succeed).
 */
export async function takePrefetched(
  path: string,
  searchParams: PrefetchParams,
): Promise<PrefetchedAnswer | null> {
  const url = prefetchUrl(path, searchParams);
  const entry = freshEntry(url);
  prefetched.delete(url);
  return entry ? entry.answer : null;
}
