import { useCallback, useEffect, useRef, useState } from 'react';
import { type AnswerOf, type EndpointDefinition, pathOf, type RequestOf } from '../../contract/api/endpoint';
import { type ApiRequestError, isApiRequestError } from './api-error';
import { FROM_CACHE_HEADER, type PrefetchParams, takePrefetched, takeSettledPrefetch } from './api-prefetch';
import { api } from './http';
import { createStore, useStore } from './store';

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

type SearchParams = Record<string, string | number | undefined>;

/** The query as sent: empty values left out. */
function sentParams(key: string): PrefetchParams {
  const params: PrefetchParams = {};
  for (const [name, value] of Object.entries(JSON.parse(key) as SearchParams)) {
    if (value !== undefined && value !== '') params[name] = value;
  }
  return params;
}

/** `GET /api/<path>?<searchParams>` as state; keeps the last answer while reloading. `path` null: no call. */
export function useApiGet<T>(
  path: string | null,
  searchParams: SearchParams = {},
): ApiState<T> & {
  setData: (change: (current: T | null) => T | null) => void;
} {
  const key = JSON.stringify(searchParams);
  // An answer a route loader prefetched and that has already come is drawn in the first render
  // (src/data/api-prefetch.ts): no loading render before it, and no ask of our own.
  const [initial] = useState(() => (path === null ? undefined : takeSettledPrefetch(path, sentParams(key))));
  const [state, setState] = useState<{
    status: 'loading' | 'ready' | 'failed';
    data: T | null;
    error?: ApiRequestError;
    fromCache?: boolean;
  }>(
    initial
      ? { status: 'ready', data: initial.data as T, fromCache: initial.fromCache }
      : { status: 'loading', data: null },
  );
  const answeredByPrefetch = useRef(initial !== undefined);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    if (path === null) return;
    if (answeredByPrefetch.current) {
      answeredByPrefetch.current = false;
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', data: current.data }));
    const params = sentParams(key);
    const ask = async () => {
      const response = await api.get(path, { searchParams: params, signal: controller.signal });
      return {
        data: (await response.json()) as unknown,
        fromCache: response.headers.get(FROM_CACHE_HEADER) === '1',
      };
    };
    // A route loader may have asked the first of these already (src/data/api-prefetch.ts); a reload asks afresh.
    (tick === 0 ? takePrefetched(path, params).then((prefetched) => prefetched ?? ask()) : ask())
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
  }, [path, key, tick]);

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
  return { ...state, reload, setData } as ApiState<T> & {
    setData: (change: (current: T | null) => T | null) => void;
  };
}

/** The API error of a failed call, or a generic one for anything else (rethrown for programming errors). */
export function asApiError(error: unknown): ApiRequestError {
  if (isApiRequestError(error)) return error;
  throw error;
}

/**
 * A GET of the API table (contract/api/) as state, typed from its entry; `input` null makes no call.
 * Keeps the last answer while reloading.
 */
export function useApiQuery<E extends EndpointDefinition>(endpoint: E, input: RequestOf<E> | null) {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: SearchParams };
  return useApiGet<AnswerOf<E>>(input === null ? null : pathOf(endpoint, params), query ?? {});
}
