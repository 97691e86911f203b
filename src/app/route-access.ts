import { DEFAULT_LANDING_PATH } from '../../contract/constants';
import { type Access, canAccess, type Role } from '../../contract/roles';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

/** The service man's start page is his Today list (docs/today.md); everyone else's the devices dashboard. */
const TODAY_PATH = '/apps/today';

/** Where `/` (and so a sign-in without a wanted page) leads. */
export const landingPath = (role: Role | null) =>
  role === 'service_man' ? TODAY_PATH : DEFAULT_LANDING_PATH;

export type AccessDecision = { allow: true } | { allow: false; redirectTo: string };

const PROBE_ORIGIN = 'http://portal.invalid';
/** Pages that make no sense as the target after signing in. */
const NEVER_RETURN_TO = new Set([LOGIN_PATH, '/logout']);

/**
 * A path of this app to go to after signing in, or null. Only same-origin paths: no
 * `https://evil`, `//evil`, `/\evil` or `javascript:` (no open redirect).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\\\u0000-\u001f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || NEVER_RETURN_TO.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function loginPathFor(wantedHref: string): string {
  const back = safeReturnPath(wantedHref);
  return back && back !== HOME_PATH ? `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}` : LOGIN_PATH;
}

/**
 * Whether a page opens for a role (docs/access.md), else where to go instead: a guest signs in and
 * comes back; a signed-in user on a guest page goes home; a role that is too low goes back to
 * the page it came from, or home.
 */
export function decideAccess(input: {
  access: Access;
  role: Role | null;
  wantedHref: string;
  previousHref?: string | null;
}): AccessDecision {
  const { access, role, wantedHref, previousHref } = input;
  if (canAccess(role, access)) return { allow: true };
  if (role == null) return { allow: false, redirectTo: loginPathFor(wantedHref) };
  if (access === 'guest') return { allow: false, redirectTo: HOME_PATH };
  const previous = safeReturnPath(previousHref);
  const wanted = safeReturnPath(wantedHref);
  return { allow: false, redirectTo: previous && previous !== wanted ? previous : HOME_PATH };
}
