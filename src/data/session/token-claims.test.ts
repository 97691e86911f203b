import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { TokenClaimsSchema } from '../../../contract/schemas/user';
import { decodeTokenClaims, isTokenExpired } from './token-claims';

const base64Url = (value: unknown) =>
  Buffer.from(JSON.stringify(value))
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const tokenWith = (claims: unknown) =>
  `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;

const claims = {
  sub: '0b6f5a43-5b6e-4c8f-9a51-2f1c8e7d9b10',
  role: 'admin',
  sid: '5d0c3b7e-2f4a-4e1b-9c7d-8a6e5f4b3c21',
  iat: 1_700_000_000,
  exp: 1_700_028_800,
};

describe('decodeTokenClaims', () => {
  it('reads sub, role, sid, iat and exp of a JWT', () => {
    expect(decodeTokenClaims(tokenWith(claims))).toEqual(claims);
  });

  it('decodes base64url payloads that need the URL-safe alphabet', () => {
    const withUnicode = { ...claims, name: 'Jürgen ÿ?>' };
    expect(decodeTokenClaims(tokenWith(withUnicode))?.sub).toBe(claims.sub);
  });

  it.each([
    ['no token', null],
    ['an empty string', ''],
    ['a token without payload', 'abc'],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c'],
    ['an unknown role', tokenWith({ ...claims, role: 'root' })],
    ['a missing exp', tokenWith({ sub: claims.sub, role: 'dev', iat: 1 })],
    ['a sub that is not an id', tokenWith({ ...claims, sub: 'x' })],
    // Tokens from before sessions (no `sid`) are no longer accepted by the server either.
    ['a token without its session', tokenWith({ sub: claims.sub, role: 'admin', iat: 1, exp: 2 })],
  ])('returns null for %s', (_label, token) => {
    expect(decodeTokenClaims(token)).toBeNull();
  });

  // The browser checks the claims by hand (no valibot on the first load): it must agree with the contract.
  it.each([
    ['valid claims', claims],
    ['an unknown role', { ...claims, role: 'root' }],
    ['a sub that is not an id', { ...claims, sub: 'x' }],
    ['a sid in upper case', { ...claims, sid: claims.sid.toUpperCase() }],
    ['a text exp', { ...claims, exp: '1700028800' }],
    ['a missing iat', { sub: claims.sub, role: 'dev', sid: claims.sid, exp: 2 }],
    ['extra claims', { ...claims, aud: 'lift-portal' }],
    ['an array', [claims]],
  ])('agrees with TokenClaimsSchema on %s', (_label, payload) => {
    const parsed = v.safeParse(TokenClaimsSchema, payload);
    expect(decodeTokenClaims(tokenWith(payload))).toEqual(parsed.success ? parsed.output : null);
  });
});

describe('isTokenExpired', () => {
  it('compares exp (seconds) with the clock (milliseconds)', () => {
    expect(isTokenExpired({ exp: 100 }, 99_999)).toBe(false);
    expect(isTokenExpired({ exp: 100 }, 100_000)).toBe(true);
    expect(isTokenExpired({ exp: 100 }, 100_001)).toBe(true);
  });
});
