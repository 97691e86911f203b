import { describe, expect, it } from 'vitest';
import { MAX_AUTOMATIC_WAIT_SECONDS, retryAfterSeconds, retryWhileWaiting } from './retry-policy';

const answer = (retryAfter?: string) =>
  new Response(null, { status: 429, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 10:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });
});

describe('retryWhileWaiting', () => {
  it('gives up at once on an answer that asks for minutes (an hourly mail limit)', () => {
    expect(retryWhileWaiting(answer('3540'))).toBe(false);
  });
  it("leaves short waits and answers without a wait to ky's own rules", () => {
    expect(retryWhileWaiting(answer(String(MAX_AUTOMATIC_WAIT_SECONDS)))).toBeUndefined();
    expect(retryWhileWaiting(answer())).toBeUndefined();
  });
});
