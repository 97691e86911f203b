import type { ApiError } from '../../../contract/errors';

/** A failed `/api` call: the HTTP status (0 when the server was not reached) and its JSON body. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message);
  }

  /** No answer at all (offline, server down, timeout): the caller may keep working locally. */
  get isUnreachable(): boolean {
    return this.status === 0;
  }

  /** The server answered and said no (4xx), not "later" (408 timeout, 429 too many requests). */
  get isRefusal(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}
