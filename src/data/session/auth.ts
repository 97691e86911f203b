import { sessionApi } from '../../../contract/api/session';
import { MSG } from '../../../contract/messages';
import type { AuthResponse, LoginRequest } from '../../../contract/schemas/user';
import { isApiRequestError } from '../api/api-error';
import { call } from '../api/http';
import { applySavedUserSettings, choiceMark } from '../preferences/user-settings';
// endSession, not session-services' signOut: session-services loads this file (no cycle).
import { endSession, getSession, refusalReason, setResumingSession, storeSession } from './session';
import { connectSocket } from './socket';

const socketHandlers = {
  onSessionRejected: () => endSession({ reason: refusalReason(), redirectTo: '/' }),
};

/**
 * Starts the session the server just issued (sign-in, registration). `mark`: `choiceMark()` taken
 * before asking, so that a choice made while the answer was on its way is not undone by it.
 */
export async function startSession(response: AuthResponse, mark = choiceMark()): Promise<void> {
  storeSession(response.access_token, response.user);
  await applySavedUserSettings(response.user, mark);
  void connectSocket(socketHandlers);
}

/** `POST /api/users/authenticate`; rejects with an ApiRequestError (message and fieldErrors). */
export async function signIn(credentials: LoginRequest): Promise<AuthResponse> {
  const mark = choiceMark();
  const response = await call(sessionApi.authenticate, { body: credentials }, { retry: 0, anonymous: true });
  await startSession(response, mark);
  return response;
}

/**
 * On start: a stored, unexpired token is traded for a fresh one (docs/spec-texts.md#session-and-states). Only the server's
 * refusal signs out. Anything else keeps the stored session, so a service man in a basement keeps working: no answer
 * (offline), a server error, or a request the browser cancelled because the page is being left.
 */
export async function resumeSession(): Promise<void> {
  const { token } = getSession();
  if (!token) return;
  setResumingSession(true);
  const mark = choiceMark();
  try {
    const response = await call(
      sessionApi.authenticateWithToken,
      { body: { access_token: token } },
      { retry: 0, anonymous: true },
    );
    if (getSession().token !== token) return; // signed out meanwhile
    await startSession(response, mark);
  } catch (error) {
    if (isApiRequestError(error) && error.isRefusal) {
      endSession({ reason: MSG.failedTokenLogin, redirectTo: '/' });
      return;
    }
    void connectSocket(socketHandlers);
  } finally {
    setResumingSession(false);
  }
}

/**
 * `POST /api/users/logout`: the server ends this session, so the token stops working everywhere
 * (docs/access.md#sessions). Best effort: offline, the session ends with its token's expiry.
 */
export async function endServerSession(): Promise<void> {
  if (!getSession().token) return;
  await call(sessionApi.logout, {}, { retry: 0 }).catch(() => undefined);
}
