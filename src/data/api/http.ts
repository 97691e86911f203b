import ky, { isHTTPError, isNetworkError, isTimeoutError, type Options } from 'ky';
import {
  type AnswerOf,
  type EndpointDefinition,
  pathOf,
  type RequestOf,
} from '../../../contract/api/endpoint';
import type { ApiError } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import { endSession, getSession, isResumingSession, refusalReason } from '../session/session';
import { ApiRequestError } from './api-error';
import { retryWhileWaiting } from './retry-policy';

interface RequestContext {
  /** Send no Authorization header and never treat a 401 as the end of the session (sign-in calls). */
  anonymous?: boolean;
}

function toApiError(data: unknown, status: number): ApiError {
  if (typeof data === 'object' && data !== null && typeof (data as ApiError).message === 'string') {
    const { message, fieldErrors } = data as ApiError;
    return fieldErrors && typeof fieldErrors === 'object' ? { message, fieldErrors } : { message };
  }
  return { message: status >= 500 ? MSG.serverError : MSG.invalidRequest };
}

export const api = ky.create({
  prefix: '/api',
  retry: {
    shouldRetry: ({ error }) => (isHTTPError(error) ? retryWhileWaiting(error.response) : undefined),
  },
  hooks: {
    beforeRequest: [
      ({ request, options }) => {
        const token = getSession().token;
        if (token && !(options.context as RequestContext).anonymous) {
          request.headers.set('Authorization', `Bearer ${token}`);
        }
      },
    ],
    afterResponse: [
      ({ request, response }) => {
        // The server no longer accepts our token: the session is over (docs/spec-texts.md#session-and-states).
        if (response.status === 401 && request.headers.has('Authorization') && !isResumingSession()) {
          endSession({ reason: refusalReason(), redirectTo: '/' });
        }
      },
    ],
    beforeError: [
      ({ error }) => {
        if (isHTTPError(error)) {
          return new ApiRequestError(error.response.status, toApiError(error.data, error.response.status));
        }
        if (isNetworkError(error) || isTimeoutError(error)) {
          return new ApiRequestError(0, { message: error.message });
        }
        return error;
      },
    ],
  },
});

/** Options for calls that must not carry the session token (sign-in, token sign-in). */
export const anonymousRequest = { context: { anonymous: true } satisfies RequestContext };

export type CallOptions = Pick<Options, 'signal' | 'timeout' | 'retry' | 'headers' | 'throwHttpErrors'> & {
  /** A sign-in call: no token, and a 401 does not end the session. */
  anonymous?: boolean;
};

/** The query without empty values, as ky sends it. */
function searchParamsOf(
  query: Record<string, unknown> | undefined,
): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params[name] = value as string | number | boolean;
  }
  return params;
}

/** The raw response of a call to a table entry (contract/api/), for callers that read status and headers. */
export function send<E extends EndpointDefinition>(
  endpoint: E,
  input: RequestOf<E>,
  { anonymous, ...options }: CallOptions = {},
): Promise<Response> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return api(pathOf(endpoint, params), {
    method: endpoint.method,
    searchParams: searchParamsOf(query),
    ...(body === undefined ? {} : body instanceof FormData ? { body } : { json: body }),
    ...(anonymous ? anonymousRequest : {}),
    ...options,
  });
}

type CallArgs<E extends EndpointDefinition> =
  Record<never, never> extends RequestOf<E>
    ? [input?: RequestOf<E>, options?: CallOptions]
    : [input: RequestOf<E>, options?: CallOptions];

/** Calls a table entry (contract/api/) and answers its typed success answer; failures throw `ApiRequestError`. */
export async function call<E extends EndpointDefinition>(endpoint: E, ...[input, options]: CallArgs<E>) {
  const response = await send(endpoint, (input ?? {}) as RequestOf<E>, options);
  if (!endpoint.answer || response.status === 204) return undefined as AnswerOf<E>;
  return (await response.json()) as AnswerOf<E>;
}
