import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';

/** What a sealed token is for; a token sealed for one purpose never opens for another. */
type SealedPurpose = 'invitation-id' | 'invitation-email' | 'reset' | 'sim-session';

export interface SealedPayload {
  purpose: SealedPurpose;
  /** The user id, or the email for `invitation-email`. */
  subject: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Token id: recorded in `used_tokens` when used, and shared by the two halves of an invitation. */
  jti: string;
  /** Reset tokens: fingerprint of the password hash they were issued for (see `passwordFingerprint`). */
  fingerprint?: string | undefined;
}

export type OpenResult = { ok: true; payload: SealedPayload } | { ok: false; reason: 'invalid' | 'expired' };

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

interface Wire {
  p: SealedPurpose;
  s: string;
  e: number;
  j: string;
  f?: string;
}

function isWire(value: unknown): value is Wire {
  const wire = value as Partial<Wire> | null;
  return (
    typeof wire === 'object' &&
    wire !== null &&
    typeof wire.p === 'string' &&
    typeof wire.s === 'string' &&
    typeof wire.e === 'number' &&
    typeof wire.j === 'string' &&
    (wire.f === undefined || typeof wire.f === 'string')
  );
}

export interface SealedTokens {
  /** A token for `purpose` about `subject`, living `ttlSeconds` from now. */
  seal(
    fields: Omit<SealedPayload, 'exp' | 'jti'> & { jti?: string },
    ttlSeconds: number,
  ): { token: string; payload: SealedPayload };
  /** Opens a token sealed for `purpose`; edited, forged or foreign tokens are `invalid`. */
  open(token: string, purpose: SealedPurpose): OpenResult;
}

/**
 * Link tokens (invitation, password reset) sealed with AES-256-GCM: the payload is secret, and
 * the authentication tag makes any edited or forged token fail to open. The key is derived with
 * HKDF from the auth secret, so it never equals the JWT signing key. Layout (base64url):
 * version byte, 12-byte IV, ciphertext, 16-byte tag; the version byte is authenticated too.
 * `now` is injectable so tests can mint already expired tokens.
 */
export function createSealedTokens(secret: string, now: () => number = Date.now): SealedTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, 'lift-portal', 'sealed link tokens v1', 32));
  const header = Buffer.from([VERSION]);

  return {
    seal(fields, ttlSeconds) {
      const payload: SealedPayload = {
        purpose: fields.purpose,
        subject: fields.subject,
        exp: Math.floor(now() / 1000) + ttlSeconds,
        jti: fields.jti ?? randomUUID(),
        fingerprint: fields.fingerprint,
      };
      const wire: Wire = { p: payload.purpose, s: payload.subject, e: payload.exp, j: payload.jti };
      if (payload.fingerprint) wire.f = payload.fingerprint;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(header);
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(wire), 'utf8'), cipher.final()]);
      const token = Buffer.concat([header, iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
      return { token, payload };
    },

    open(token, purpose) {
      if (!BASE64URL.test(token)) return { ok: false, reason: 'invalid' };
      const raw = Buffer.from(token, 'base64url');
      // base64url has several spellings of the same bytes (trailing bits); accept only ours.
      if (raw.length < 1 + IV_BYTES + TAG_BYTES + 1 || raw.toString('base64url') !== token) {
        return { ok: false, reason: 'invalid' };
      }
      if (raw[0] !== VERSION) return { ok: false, reason: 'invalid' };
      let wire: unknown;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(1, 1 + IV_BYTES));
        decipher.setAAD(header);
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(raw.subarray(1 + IV_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]);
        wire = JSON.parse(plain.toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (!isWire(wire) || wire.p !== purpose) return { ok: false, reason: 'invalid' };
      if (wire.e * 1000 <= now()) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        payload: { purpose: wire.p, subject: wire.s, exp: wire.e, jti: wire.j, fingerprint: wire.f },
      };
    },
  };
}
