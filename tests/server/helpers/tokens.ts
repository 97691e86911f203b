import { createHmac } from 'node:crypto';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs any claims with HS256, e.g. an already expired token or one with a malformed `sub`. */
export function signToken(
  secret: string,
  claims: Record<string, unknown>,
  header = { alg: 'HS256', typ: 'JWT' },
) {
  const unsigned = `${base64url(header)}.${base64url(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
