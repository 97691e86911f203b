import { ROLES } from '../../../contract/roles';
import type { TokenClaims } from '../../../contract/schemas/user';

/** valibot's `v.uuid()` pattern, the rule of `IdSchema` (contract/schemas/common.ts). */
const UUID = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/iu;

const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * `TokenClaimsSchema` (contract/schemas/user.ts) checked by hand: this runs on every start, and
 * valibot would cost the sign-in page's first load ~4 KB gzip (docs/performance.md). The test
 * holds both to the same answers.
 */
function asTokenClaims(value: unknown): TokenClaims | null {
  if (typeof value !== 'object' || value === null) return null;
  const { sub, role, sid, iat, exp } = value as Record<string, unknown>;
  if (!isId(sub) || !isId(sid) || typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (!(ROLES as readonly unknown[]).includes(role)) return null;
  return { sub, role: role as TokenClaims['role'], sid, iat, exp };
}

/**
 * Reads the claims of an access token (a JWT) without verifying it: the browser only needs the
 * role and the expiry; the server verifies every request.
 */
export function decodeTokenClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    return asTokenClaims(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}

/** `exp` is in seconds; a token is expired from its `exp` second on. */
export function isTokenExpired(claims: Pick<TokenClaims, 'exp'>, nowMs: number = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}
