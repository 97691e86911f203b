import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { ApiError } from '../../contract/errors';
import { MSG } from '../../contract/messages';
import { ApiRequestError } from './api-error';
import { endSession, getSession, isResumingSession, refusalReason } from './session';

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
        // The server no longer accepts our token: the session is over (spec §4).
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
