import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it('hides reset and invitation tokens in the query', () => {
    expect(redactUrl('/api/users/reset-token?token=abc.def')).toBe('/api/users/reset-token?token=[redacted]');
    expect(redactUrl('/api/users/invitation?id=s1&email=s2')).toBe(
      '/api/users/invitation?id=[redacted]&email=[redacted]',
    );
    expect(redactUrl('/api/sims-app/sims?access_token=t&page=2')).toBe(
      '/api/sims-app/sims?access_token=[redacted]&page=2',
    );
    expect(redactUrl('/x?%74oken=secret')).toBe('/x?%74oken=[redacted]');
  });

  it('hides the tokens of link pages in the path', () => {
    expect(redactUrl('/reset-password/sealed.token.value')).toBe('/reset-password/[redacted]');
    expect(redactUrl('/register/sealed-id/sealed-email?x=1')).toBe('/register/[redacted]?x=1');
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/api/lifts/getByPagination?page=1&pageSize=10')).toBe(
      '/api/lifts/getByPagination?page=1&pageSize=10',
    );
    expect(redactUrl('/apps/lift/lifts')).toBe('/apps/lift/lifts');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });
});
