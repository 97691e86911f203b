import { FILE_CACHE_NAME, TOKEN_CHECK_INTERVAL_MS } from '../../../contract/constants';
import { MSG, type ServerMessage } from '../../../contract/messages';
import { resetLayoutSettings } from '../preferences/layout-settings';
import { dropUnsavedSettings } from '../preferences/user-settings';
import {
  endSession,
  followOtherTabs,
  getSession,
  onSessionEnd,
  type SessionEnd,
  subscribeSession,
} from './session';
import { isTokenExpired } from './token-claims';

export interface SignOutOptions {
  reason?: ServerMessage;
  redirectTo?: string;
}

/** Ends the session; `startSessionServices` closes the socket and resets the layout. */
export function signOut({ reason, redirectTo = '/' }: SignOutOptions = {}): void {
  endSession(reason ? { reason, redirectTo } : { redirectTo });
}

/** Rechecks the token every second and signs out with 'Token expired' (docs/spec-texts.md#session-and-states). */
function watchTokenExpiry(): () => void {
  const timer = setInterval(() => {
    const { claims } = getSession();
    if (claims && isTokenExpired(claims)) signOut({ reason: MSG.tokenExpired });
  }, TOKEN_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}

/** Loaded with the first signed-in session, so Dexie stays off the sign-in page's first load. */
/** The service worker's cache of API reads (sw/sw.ts `API_CACHE`). */
const API_CACHE = 'lift-portal-api';

const loadMirrorEngine = () => import('../mirror/engine');
let mirrorUserId: string | null = null;
/**
 * Settles when a stored token was traded for a fresh one (or the server was unreachable): the mirror
 * opens at once for reading, but syncs only then, so that a refused token is told as such.
 */
let sessionConfirmed: Promise<unknown> = Promise.resolve();

/** Opens the signed-in user's offline mirror (and its sync) whenever the signed-in user changes. */
function followMirror(): () => void {
  const follow = () => {
    const userId = getSession().claims?.sub ?? null;
    if (!userId || userId === mirrorUserId) return;
    mirrorUserId = userId;
    void loadMirrorEngine().then(({ startMirror }) => startMirror(userId, sessionConfirmed));
  };
  follow();
  return subscribeSession(follow);
}

/**
 * Signing out removes the user's mirror from the device. A session that ended by itself (token
 * expired, refused) keeps a mirror with unsent changes, so that signing in again sends them.
 */
async function closeMirror(end: SessionEnd): Promise<void> {
  // The service worker's cached API answers were this user's (sw/sw.ts).
  void globalThis.caches?.delete(API_CACHE).catch(() => undefined);
  const userId = mirrorUserId;
  if (!userId) return;
  mirrorUserId = null;
  const { deleteMirrorOf, hasUnsentChanges, stopMirror } = await loadMirrorEngine();
  const keep = end.reason !== undefined && (await hasUnsentChanges(userId));
  await stopMirror({ deleteData: !keep });
  // Also when the mirror was still opening (a sign-out right after the page loaded).
  if (!keep) {
    await deleteMirrorOf(userId);
    // The lift files the user kept go with his mirror (src/data/files/file-cache.ts).
    await globalThis.caches?.delete(FILE_CACHE_NAME).catch(() => undefined);
  }
}

/**
 * Wires the session for the life of the page: however it ends (logout, expiry, any 401, another
 * tab), the socket says `logout` and closes, the layout settings go back to their defaults and
 * settings choices the server has not confirmed are dropped (not sent for the next user).
 * A stored token is resumed; the HTTP client is loaded only then (not for a guest's sign-in page).
 */
export function startSessionServices(): () => void {
  const stops = [
    onSessionEnd((end) => {
      resetLayoutSettings();
      dropUnsavedSettings();
      void closeMirror(end);
      // The socket module is loaded by sign-in; if it never was, there is no socket to close.
      void import('./socket').then(({ disconnectSocket }) => disconnectSocket());
    }),
    watchTokenExpiry(),
    followOtherTabs(),
  ];
  if (getSession().token) {
    sessionConfirmed = import('./auth').then(({ resumeSession }) => resumeSession());
  } else {
    // Kept for a session that ended with no page open (its token ran out meanwhile).
    dropUnsavedSettings();
  }
  stops.push(followMirror());
  return () => {
    for (const stop of stops) stop();
  };
}
