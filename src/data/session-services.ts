import { TOKEN_CHECK_INTERVAL_MS } from '../../contract/constants';
import { MSG, type ServerMessage } from '../../contract/messages';
import { resetLayoutSettings } from './layout-settings';
import { endSession, followOtherTabs, getSession, onSessionEnd } from './session';
import { isTokenExpired } from './token-claims';

export interface SignOutOptions {
  reason?: ServerMessage;
  redirectTo?: string;
}

/** Ends the session; `startSessionServices` closes the socket and resets the layout. */
export function signOut({ reason, redirectTo = '/' }: SignOutOptions = {}): void {
  endSession(reason ? { reason, redirectTo } : { redirectTo });
}

/** Rechecks the token every second and signs out with 'Token expired' (spec §4). */
function watchTokenExpiry(): () => void {
  const timer = setInterval(() => {
    const { claims } = getSession();
    if (claims && isTokenExpired(claims)) signOut({ reason: MSG.tokenExpired });
  }, TOKEN_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}

/**
 * Wires the session for the life of the page: however it ends (logout, expiry, any 401, another
 * tab), the socket says `logout` and closes and the layout settings go back to their defaults.
 * A stored token is resumed; the HTTP client is loaded only then (not for a guest's sign-in page).
 */
export function startSessionServices(): () => void {
  const stops = [
    onSessionEnd(() => {
      resetLayoutSettings();
      // The socket module is loaded by sign-in; if it never was, there is no socket to close.
      void import('./socket').then(({ disconnectSocket }) => disconnectSocket());
    }),
    watchTokenExpiry(),
    followOtherTabs(),
  ];
  if (getSession().token) void import('./auth').then(({ resumeSession }) => resumeSession());
  return () => {
    for (const stop of stops) stop();
  };
}
