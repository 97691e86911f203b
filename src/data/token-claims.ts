import * as v from 'valibot';
import { type TokenClaims, TokenClaimsSchema } from '../../contract/schemas/user';

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
    const parsed = v.safeParse(TokenClaimsSchema, JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** `exp` is in seconds; a token is expired from its `exp` second on. */
export function isTokenExpired(claims: Pick<TokenClaims, 'exp'>, nowMs: number = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}
