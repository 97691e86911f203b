import { useCallback, useRef, useState } from 'react';
import type { EndpointDefinition, RequestOf } from '../../../contract/api/endpoint';
import { type ApiRequestError, isApiRequestError } from './api-error';
import type { CallOptions } from './http';
import { callEndpoint } from './use-api';

/** Anything a write makes stale: a `useApiQuery` state, or a screen's own reload. */
export interface Reloadable {
  reload: () => void;
}

export interface MutationState {
  /** Writes of this hook still waiting for their answer. */
  running: number;
  /** The last write's failure; cleared by the next write. */
  error: ApiRequestError | null;
}

export const idleMutation: MutationState = { running: 0, error: null };

/**
 * One write: sends it, and once it succeeded reloads `reloads`. Answers the write's answer; a
 * failure is kept in the state and thrown on, for the caller's form and toast.
 */
export async function runMutation<A>(
  send: () => Promise<A>,
  reloads: readonly Reloadable[],
  update: (change: (state: MutationState) => MutationState) => void,
): Promise<A> {
  update((state) => ({ running: state.running + 1, error: null }));
  try {
    const answer = await send();
    update((state) => ({ ...state, running: state.running - 1 }));
    for (const stale of reloads) stale.reload();
    return answer;
  } catch (error) {
    update((state) => ({
      running: state.running - 1,
      error: isApiRequestError(error) ? error : state.error,
    }));
    throw error;
  }
}

/**
 * A write to the API table (contract/api/) through `call()`, so its error shape and retry policy
 * are every call's, and its options (an `Idempotency-Key` header) pass through: `mutate(input)`
 * answers the typed answer or throws an `ApiRequestError`; `pending` while it runs; on success
 * `reloads` (the reads it changed, e.g. `useApiQuery` states) reload. Reads are `useApiQuery`
 * (src/data/api/use-api.ts).
 */
export function useApiMutation<E extends EndpointDefinition>(
  endpoint: E,
  { reloads = [] }: { reloads?: readonly Reloadable[] } = {},
) {
  const [state, setState] = useState<MutationState>(idleMutation);
  // The reads of the latest render: a query state is a new object each render.
  const stale = useRef(reloads);
  stale.current = reloads;
  const mutate = useCallback(
    (input: RequestOf<E>, options?: CallOptions) =>
      runMutation(() => callEndpoint(endpoint, input, options), stale.current, setState),
    [endpoint],
  );
  return { mutate, pending: state.running > 0, error: state.error };
}
