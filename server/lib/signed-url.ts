import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export interface SignedLink {
  /** Whom the link was made for: the server checks on every use that he may still read the file. */
  userId: string;
  /** Seconds since the epoch. */
  exp: number;
}

export interface UrlSigner {
  /** The `token` query value that opens `path` for `userId` until `ttlSeconds` from now. */
  sign(path: string, userId: string, ttlSeconds: number): { token: string; expiresAt: Date };
  /** Who the token was made for, when it is ours, for this path and not expired; null otherwise. */
  verify(path: string, token: string): SignedLink | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `<user id>.<expiry in seconds>.<base64url HMAC>`. */
const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Expiring links to files (docs/files.md#urls): an HMAC-SHA256 over the path, the user and the
 * expiry, with a key derived by HKDF from the auth secret under its own label (as
 * server/lib/sealed-token.ts derives its key), so it equals neither the JWT key nor any other.
 * The token travels as `?token=`, a parameter the request log redacts (server/lib/redact-url.ts).
 * `now` is injectable so tests can make expired links.
 */
export function createUrlSigner(secret: string, now: () => number = Date.now): UrlSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, 'lift-portal', 'signed file urls v1', 32));
  const mac = (path: string, userId: string, exp: number) =>
    createHmac('sha256', key).update(`${path}\n${userId}\n${exp}`).digest();

  return {
    sign(path, userId, ttlSeconds) {
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      return {
        token: `${userId}.${exp}.${mac(path, userId, exp).toString('base64url')}`,
        expiresAt: new Date(exp * 1000),
      };
    },
    verify(path, token) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, userId = '', expText = '', signature = ''] = match;
      if (!UUID.test(userId)) return null;
      const exp = Number(expText);
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(path, userId, exp);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (exp * 1000 <= now()) return null;
      return { userId, exp };
    },
  };
}
