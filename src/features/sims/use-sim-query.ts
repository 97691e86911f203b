import { useEffect, useMemo } from 'react';
import type { AnswerOf, EndpointDefinition, RequestOf } from '../../../contract/api/endpoint';
import { type SimOperation, type SimOperationAnswer, simsApi } from '../../../contract/api/sims';
import { type ApiQuery, type ApiState, useApiQuery } from '../../data/api/use-api';
import { isSessionRefusal, simOperationAnswer } from './sim-session';

/**
 * A SIM read as state (`useApiQuery`; most SIM reads are POSTs that carry the SIM token). A
 * refusal of the SIM session goes to `refused`, which sends the admin to sims-login; the page
 * shows it as still loading, not as a failure.
 */
export function useSimQuery<E extends EndpointDefinition>(
  endpoint: E,
  input: RequestOf<E> | null,
  refused: (error: unknown) => boolean,
): ApiQuery<AnswerOf<E>> {
  const state = useApiQuery(endpoint, input);
  const error = state.status === 'failed' ? state.error : null;
  useEffect(() => {
    if (error) refused(error);
  }, [error, refused]);
  if (error && isSessionRefusal(error)) return { ...state, status: 'loading' } as ApiQuery<AnswerOf<E>>;
  return state;
}

/** One named operation on one card as state (`POST /api/sims/{apiName}`), typed by its answer. */
export function useSimOperation<O extends SimOperation>(
  apiName: O,
  token: string | null,
  iccid: string,
  refused: (error: unknown) => boolean,
): ApiState<SimOperationAnswer<O>> {
  const state = useSimQuery(
    simsApi.operation,
    token ? { params: { apiName }, body: { access_token: token, iccid } } : null,
    refused,
  );
  const answer = state.data;
  const data = useMemo(() => (answer ? simOperationAnswer(apiName, answer) : null), [apiName, answer]);
  return { ...state, data } as ApiState<SimOperationAnswer<O>>;
}
