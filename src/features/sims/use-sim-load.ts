import { useCallback, useEffect, useState } from 'react';
import { type ApiRequestError, isApiRequestError } from '../../data/api-error';

export type SimLoad<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'failed'; data: T | null; error: ApiRequestError };

/**
 * A SIM call as state (they are POSTs, so `useApiQuery` does not fit): reloads when `key` changes
 * and on `reload()`, keeping the last answer meanwhile. A refusal of the SIM session goes to
 * `refused`, which sends the admin to sims-login.
 */
export function useSimLoad<T>(
  load: (() => Promise<T>) | null,
  key: string,
  refused: (error: unknown) => boolean,
) {
  const [state, setState] = useState<SimLoad<T>>({ status: 'loading', data: null, error: null });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what `load` reads; `tick` reloads
  useEffect(() => {
    if (!load) return;
    let current = true;
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }));
    load().then(
      (data) => {
        if (current) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (!current || refused(error)) return;
        if (!isApiRequestError(error)) throw error;
        setState((previous) => ({ status: 'failed', data: previous.data, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, tick, load === null]);

  return { ...state, reload, setData: (data: T) => setState({ status: 'ready', data, error: null }) };
}
