import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'enc1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface AtRestCipher {
  encrypt(plain: string): string;
  /** The plain text; null when the text was not sealed with this key or was altered. */
  decrypt(sealed: string): string | null;
  isEncrypted(text: string): boolean;
}

/**
 * AES-256-GCM for text the server keeps but must not hold readable at rest (stored answers that
 * may carry a device key). The key comes from the auth secret by HKDF with its own label, so it
 * equals neither the JWT key nor the link-token key. Layout: `enc1:` + base64url(IV, ciphertext, tag).
 */
export function createAtRestCipher(secret: string, label: string): AtRestCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'lift-portal', `at-rest:${label}`, 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    decrypt(sealed) {
      if (!sealed.startsWith(PREFIX)) return null;
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
    isEncrypted: (text) => text.startsWith(PREFIX),
  };
}
