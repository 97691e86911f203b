import { MSG, type ServerMessage } from '../../../contract/messages';
import type { Role } from '../../../contract/roles';
import type { TokenClaims, User } from '../../../contract/schemas/user';
import { createStore, storage, useStore } from '../store';
import { decodeTokenClaims, isTokenExpired } from './token-claims';

// The e2e tests hand a token to the page under this key (tests/e2e/support.ts), and index.html's
// boot screen shows only when one is kept.
const TOKEN_KEY = 'access_token';
const USER_KEY = 'lift-portal.user';

export interface Session {
  token: string | null;
  claims: TokenClaims | null;
  /** The signed-in user as last seen from the server (kept for offline starts). */
  user: User | null;
}

/** Why a session ended, told to the user once (a contract MSG text). */
export interface SessionEnd {
  reason?: ServerMessage;
  /** Where the app goes next; `/` unless the caller knows better. */
  redirectTo: string;
}

const GUEST: Session = { token: null, claims: null, user: null };

/** A stored token that could not be used on start, so the app can say why once it is drawn. */
let startNotice: ServerMessage | null = null;

function readStoredSession(): Session {
  const token = storage.read(TOKEN_KEY);
  if (!token) return GUEST;
  const claims = decodeTokenClaims(token);
  if (!claims || isTokenExpired(claims)) {
    startNotice = claims ? MSG.tokenExpired : MSG.invalidToken;
    writeStoredSession(GUEST);
    return GUEST;
  }
  return { token, claims, user: readStoredUser(claims) };
}

function readStoredUser(claims: TokenClaims): User | null {
  try {
    const user = JSON.parse(storage.read(USER_KEY) ?? 'null') as User | null;
    return user?.id === claims.sub ? user : null;
  } catch {
    return null;
  }
}

function writeStoredSession(session: Session): void {
  storage.write(TOKEN_KEY, session.token);
  storage.write(USER_KEY, session.user ? JSON.stringify(session.user) : null);
}

const sessionStore = createStore<Session>(readStoredSession);
const endListeners = new Set<(end: SessionEnd) => void>();

export const getSession = (): Session => sessionStore.get();
export const subscribeSession = (listener: () => void) => sessionStore.subscribe(listener);
export const useSession = (): Session => useStore(sessionStore);

export function sessionRole(session: Session = getSession()): Role | null {
  return session.claims?.role ?? null;
}

export function isSignedIn(session: Session = getSession()): boolean {
  return session.token !== null;
}

/** The reason a stored token was dropped on start ('Token expired'), handed out once. */
export function takeStartNotice(): ServerMessage | null {
  sessionStore.get();
  const notice = startNotice;
  startNotice = null;
  return notice;
}

/** Stores a token the server just issued; throws when it is not a usable JWT. */
export function storeSession(token: string, user: User | null): Session {
  const claims = decodeTokenClaims(token);
  if (!claims) throw new Error(MSG.invalidToken);
  const session: Session = { token, claims, user };
  writeStoredSession(session);
  sessionStore.set(session);
  return session;
}

export function updateSessionUser(user: User): void {
  const current = sessionStore.get();
  if (!current.token || current.claims?.sub !== user.id) return;
  const next = { ...current, user };
  writeStoredSession(next);
  sessionStore.set(next);
}

/**
 * While a stored token is being traded on start (`resumeSession`), a 401 on a page's own request
 * waits for that verdict: the user is told "Failed to login with token.", not a second reason.
 */
let resuming = false;
export const isResumingSession = () => resuming;
export function setResumingSession(value: boolean): void {
  resuming = value;
}

/** Why the server refused our token: it ran out ("Token expired"), or it is not accepted at all. */
export function refusalReason(session: Session = getSession()): ServerMessage {
  return session.claims && isTokenExpired(session.claims) ? MSG.tokenExpired : MSG.invalidToken;
}

/**
 * The user ends the session on purpose through the server (a password reset by mail ends every
 * session of his): the refusals that this causes on the way (a 401 of a request in flight, the
 * socket's `logout`) end it as planned, not as refused, so the app goes where the user asked.
 */
let plannedEnd: SessionEnd | null = null;
export function planSessionEnd(end: SessionEnd | null): void {
  plannedEnd = end;
}

/** Forgets the session and tells listeners (toast, navigation) why. Does nothing for a guest. */
export function endSession(end: SessionEnd): void {
  if (!isSignedIn()) return;
  const ended = plannedEnd ?? end;
  plannedEnd = null;
  writeStoredSession(GUEST);
  sessionStore.set(GUEST);
  for (const listener of [...endListeners]) listener(ended);
}

export function onSessionEnd(listener: (end: SessionEnd) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Signing out in another tab signs this one out too. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_KEY) return;
    if (event.newValue === null) endSession({ redirectTo: '/' });
    else {
      const claims = decodeTokenClaims(event.newValue);
      if (claims) sessionStore.set({ token: event.newValue, claims, user: readStoredUser(claims) });
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
