import { describe, expect, it } from 'vitest';
import { createSealedTokens } from './sealed-token';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

/** The token with one character replaced by another base64url character. */
function editOneCharacter(token: string, index: number): string {
  const replacement = token[index] === 'A' ? 'B' : 'A';
  return token.slice(0, index) + replacement + token.slice(index + 1);
}

describe('sealed tokens', () => {
  it('open to the sealed payload for the same purpose only', () => {
    const tokens = createSealedTokens(SECRET);
    const { token, payload } = tokens.seal({ purpose: 'reset', subject: 'user-1', fingerprint: 'abc' }, 60);

    expect(tokens.open(token, 'reset')).toEqual({ ok: true, payload });
    expect(payload.subject).toBe('user-1');
    expect(tokens.open(token, 'invitation-id')).toEqual({ ok: false, reason: 'invalid' });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('user-1');
  });

  it('refuse any edited character, a foreign secret and garbage', () => {
    const tokens = createSealedTokens(SECRET);
    const { token } = tokens.seal({ purpose: 'reset', subject: 'user-1' }, 60);

    for (const index of [0, 5, Math.floor(token.length / 2), token.length - 2]) {
      expect(tokens.open(editOneCharacter(token, index), 'reset')).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(createSealedTokens(`${SECRET}x`).open(token, 'reset')).toEqual({ ok: false, reason: 'invalid' });
    for (const garbage of ['', 'abc', 'not base64url!', token.slice(0, -4)]) {
      expect(tokens.open(garbage, 'reset')).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('expire after their lifetime', () => {
    let now = Date.UTC(2026, 0, 1);
    const tokens = createSealedTokens(SECRET, () => now);
    const { token } = tokens.seal({ purpose: 'invitation-id', subject: 'user-1' }, 3600);

    now += 3599 * 1000;
    expect(tokens.open(token, 'invitation-id').ok).toBe(true);
    now += 1000;
    expect(tokens.open(token, 'invitation-id')).toEqual({ ok: false, reason: 'expired' });
  });
});
