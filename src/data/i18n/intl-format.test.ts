import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-format';

describe('shared Intl formatters', () => {
  it('builds one formatter per locale and options and formats as Intl does', () => {
    const german = numberFormat('de', { maximumFractionDigits: 1 });
    expect(numberFormat('de', { maximumFractionDigits: 1 })).toBe(german);
    expect(german.format(1234.56)).toBe('1.234,6');
    expect(numberFormat('en', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1,234.6');
    expect(numberFormat('de', { maximumFractionDigits: 0 })).not.toBe(german);

    const day = dateTimeFormat('de', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('de', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(day);
    expect(day.format(new Date('2026-11-24T10:00:00Z'))).toBe('24.11.2026');
    expect(relativeTimeFormat('en', { numeric: 'always' }).format(-5, 'minute')).toBe('5 minutes ago');
  });

  it('stays bounded when keys keep changing', () => {
    const first = numberFormat('de', { minimumFractionDigits: 0 });
    for (let digits = 0; digits < 20; digits++) {
      for (const locale of ['de', 'en', 'fr', 'it', 'es', 'nl', 'pl', 'cs', 'da', 'sv', 'fi']) {
        numberFormat(locale, { maximumFractionDigits: digits });
      }
    }
    // 220 more keys than fit: the cache was cleared on the way, so the first one is built afresh.
    expect(numberFormat('de', { minimumFractionDigits: 0 })).not.toBe(first);
  });
});
