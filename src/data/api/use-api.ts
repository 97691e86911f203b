import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type AnswerOf,
  type EndpointDefinition,
  pathOf,
  type RequestOf,
} from '../../../contract/api/endpoint';
import { createStore, useStore } from '../store';
import { type ApiRequestError, isApiRequestError } from './api-error';
import {
  FROM_CACHE_HEADER,
  type PrefetchedAnswer,
  type PrefetchParams,
  takePrefetched,
  takeSettledPrefetch,
} from './api-prefetch';
import { api, type CallOptions, call } from './http';

/** How many shown lists and records come from the service worker's cache; the shell says so. */
const shownFromCache = createStore(0);
export const useShownFromCache = () => useStore(shownFromCache) > 0;

export type ApiState<T> = (
  | { status: 'loading'; data: T | null; reload: () => void }
  | { status: 'ready'; data: T; reload: () => void }
  | { status: 'failed'; data: T | null; error: ApiRequestError; reload: () => void }
) & {
  /** The answer is the last one cached, shown because the server could not be reached. */
  fromCache?: boolean;
};

/** A read as state, with `setData` to put in what a write answered (no second request for it). */
export type ApiQuery<T> = ApiState<T> & {
  setData: (change: (current: T | null) => T | null) => void;
};

type SearchParams = Record<string, string | number | undefined>;

/** The query as sent: empty values left out. */
function sentParams(key: string): PrefetchParams {
  const params: PrefetchParams = {};
  for (const [name, value] of Object.entries(JSON.parse(key) as SearchParams)) {
    if (value !== undefined && value !== '') params[name] = value;
  }
  return params;
}

/** One read: `id` names what is asked (a new id asks again), `ask` asks it; `reloaded` after a `reload()`. */
interface Read {
  id: string;
  ask: (signal: AbortSignal, reloaded: boolean) => Promise<PrefetchedAnswer>;
}

/** A GET of `/api/<path>`; the first ask of a screen may be answered by its route loader's prefetch. */
function getRead(path: string, key: string): Read {
  return {
    id: `GET ${path} ${key}`,
    ask: (signal, reloaded) => {
      const params = sentParams(key);
      const ask = async () => {
        const response = await api.get(path, { searchParams: params, signal });
        return {
          data: (await response.json()) as unknown,
          fromCache: response.headers.get(FROM_CACHE_HEADER) === '1',
        };
      };
      // A route loader may have asked the first of these already (src/data/api/api-prefetch.ts); a reload asks afresh.
      return reloaded ? ask() : takePrefetched(path, params).then((prefetched) => prefetched ?? ask());
    },
  };
}

/** A read that is not a GET (the SIM calls carry their session token in a body): through `call()`. */
function callRead<E extends EndpointDefinition>(endpoint: E, input: RequestOf<E>): Read {
  return {
    id: `${endpoint.method} ${endpoint.path} ${JSON.stringify(input)}`,
    ask: async (signal) => ({ data: await callEndpoint(endpoint, input, { signal }), fromCache: false }),
  };
}

/** `call()` for an entry whose type is still open (generic code): the same request, the same errors. */
export function callEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  input: RequestOf<E>,
  options?: CallOptions,
): Promise<AnswerOf<E>> {
  return (call as (entry: E, input: RequestOf<E>, options?: CallOptions) => Promise<AnswerOf<E>>)(
    endpoint,
    input,
    options,
  );
}

/**
 * The state of a read: asks when `read.id` changes and on `reload()`, keeping the last answer
 * meanwhile; `read` null makes no call. `first` is an answer already here (a route loader's
 * prefetch), drawn in the first render without asking.
 */
function useRead<T>(read: Read | null, first: PrefetchedAnswer | undefined): ApiQuery<T> {
  const [state, setState] = useState<{
    status: 'loading' | 'ready' | 'failed';
    data: T | null;
    error?: ApiRequestError;
    fromCache?: boolean;
  }>(
    first
      ? { status: 'ready', data: first.data as T, fromCache: first.fromCache }
      : { status: 'loading', data: null },
  );
  const answeredFirst = useRef(first !== undefined);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  // The read of this render; the effect runs again only when what is asked (its id) changes.
  const latest = useRef(read);
  latest.current = read;
  const id = read?.id ?? null;

  useEffect(() => {
    const asked = latest.current;
    if (id === null || !asked) return;
    if (answeredFirst.current) {
      answeredFirst.current = false;
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', data: current.data }));
    asked
      .ask(controller.signal, tick > 0)
      .then(({ data, fromCache }) => {
        // A prefetched request is not aborted with this screen: its late answer is not ours to show.
        if (controller.signal.aborted) return;
        setState({ status: 'ready', data: data as T, fromCache });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!isApiRequestError(error)) throw error;
        setState((current) => ({ status: 'failed', data: current.data, error }));
      });
    return () => controller.abort();
  }, [id, tick]);

  const fromCache = state.fromCache === true;
  useEffect(() => {
    if (!fromCache) return;
    shownFromCache.update((count) => count + 1);
    return () => shownFromCache.update((count) => count - 1);
  }, [fromCache]);

  const setData = useCallback(
    (change: (current: T | null) => T | null) =>
      setState((current) => ({ ...current, data: change(current.data) })),
    [],
  );
  return { ...state, reload, setData } as ApiQuery<T>;
}

/** An answer a route loader prefetched and that has already come (src/data/api/api-prefetch.ts), taken once. */
function useSettledPrefetch(path: string | null, key: string): PrefetchedAnswer | undefined {
  const [initial] = useState(() => (path === null ? undefined : takeSettledPrefetch(path, sentParams(key))));
  return initial;
}

/** `GET /api/<path>?<searchParams>` as state; keeps the last answer while reloading. `path` null: no call. */
export function useApiGet<T>(path: string | null, searchParams: SearchParams = {}): ApiQuery<T> {
  const key = JSON.stringify(searchParams);
  // Drawn in the first render: no loading render before it, and no ask of our own.
  const first = useSettledPrefetch(path, key);
  return useRead<T>(path === null ? null : getRead(path, key), first);
}

/** The API error of a failed call, or a generic one for anything else (rethrown for programming errors). */
export function asApiError(error: unknown): ApiRequestError {
  if (isApiRequestError(error)) return error;
  throw error;
}

/**
 * A read of the API table (contract/api/) as state, typed from its entry; `input` null makes no
 * call. Keeps the last answer while reloading. A GET may be answered by its route loader's
 * prefetch and by the service worker's cache; any other method is sent through `call()`.
 * Writes go through `useApiMutation` (src/data/api/use-api-mutation.ts), which reloads these.
 */
export function useApiQuery<E extends EndpointDefinition>(
  endpoint: E,
  input: RequestOf<E> | null,
): ApiQuery<AnswerOf<E>> {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: SearchParams };
  const get = endpoint.method === 'GET';
  const path = input === null || !get ? null : pathOf(endpoint, params);
  const key = JSON.stringify(query ?? {});
  const first = useSettledPrefetch(path, key);
  const read = input === null ? null : path !== null ? getRead(path, key) : callRead(endpoint, input);
  return useRead<AnswerOf<E>>(read, first);
}
