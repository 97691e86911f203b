import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  SIM_OPERATIONS,
  type SimOperation,
  type SimOperationAnswer,
  simsApi,
} from '../../../contract/api/sims';
import type { SimSession } from '../../../contract/schemas/sim';
import { SIM_MSG } from '../../../contract/sim-messages';
import { type ApiRequestError, isApiRequestError } from '../../data/api/api-error';
import { call } from '../../data/api/http';

/**
 * The SIM session (docs/sims.md): a token the admin gets by confirming his password, good for SIM
 * calls for an hour, kept for this tab only. SIM pages send him to the sims-login page without it,
 * and back afterwards.
 */

const KEY = 'lift-portal.sim-session';

function read(): SimSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as SimSession | null;
    if (!stored || typeof stored.access_token !== 'string') return null;
    return Date.parse(stored.expiresAt) > Date.now() ? stored : null;
  } catch {
    return null;
  }
}

export function storeSimSession(session: SimSession): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}

function clearSimSession(): void {
  sessionStorage.removeItem(KEY);
}

/** The server refused the SIM token: missing, foreign or past its hour. */
export function isSessionRefusal(error: unknown): error is ApiRequestError {
  return isApiRequestError(error) && error.status === 403 && error.body.message === SIM_MSG.simSessionInvalid;
}

export const SIMS_LOGIN_PATH = '/apps/simcard/sims-login';

/**
 * The SIM token of this tab, or null while the page goes to sims-login (with the way back).
 * `refused(error)` does the same for a call the server refused for the session; it answers whether
 * it did, so callers show other errors themselves.
 */
export function useSimSession() {
  const navigate = useNavigate();
  // The page as it was opened: once the way to sims-login starts, the location changes under us.
  const here = useRef(useLocation().href);
  const sent = useRef(false);
  const [session] = useState(read);
  const toLogin = useCallback(() => {
    clearSimSession();
    if (sent.current) return;
    sent.current = true;
    void navigate({ to: SIMS_LOGIN_PATH, search: { redirect: here.current }, replace: true });
  }, [navigate]);

  useEffect(() => {
    if (!session) toLogin();
  }, [session, toLogin]);

  const refused = useCallback(
    (error: unknown) => {
      if (!isSessionRefusal(error)) return false;
      toLogin();
      return true;
    },
    [toLogin],
  );
  return { token: session?.access_token ?? null, refused };
}

/**
 * One named operation on one card (`POST /api/sims/{apiName}`), typed and checked by its answer
 * in SIM_OPERATIONS.
 */
export async function simOperation<O extends SimOperation>(
  apiName: O,
  token: string,
  iccid: string,
  extra: { payload?: string; confirm?: boolean } = {},
): Promise<SimOperationAnswer<O>> {
  const answer = await call(simsApi.operation, {
    params: { apiName },
    body: { access_token: token, iccid, ...extra },
  });
  return simOperationAnswer(apiName, answer);
}

/** The answer of `POST /api/sims/{apiName}`, checked and typed by the operation's own answer. */
export function simOperationAnswer<O extends SimOperation>(
  apiName: O,
  answer: { iccid: string },
): SimOperationAnswer<O> {
  return { ...v.parse(SIM_OPERATIONS[apiName].answer, answer), iccid: answer.iccid };
}
