import { describe, expect, it } from 'vitest';
import { parseLocaleNumber } from './locale-number';

describe('parseLocaleNumber', () => {
  it('reads German numbers, thousands grouped by points', () => {
    expect(parseLocaleNumber('1.000', 'de')).toBe(1000);
    expect(parseLocaleNumber('12.345,5', 'de')).toBe(12345.5);
    expect(parseLocaleNumber('1000,25', 'de')).toBe(1000.25);
    expect(parseLocaleNumber(' 2,5 ', 'de')).toBe(2.5);
    expect(parseLocaleNumber('-3', 'de')).toBe(-3);
  });

  it('takes a lone point not in groups of three as the decimal point in German', () => {
    expect(parseLocaleNumber('1.5', 'de')).toBe(1.5);
    expect(parseLocaleNumber('0.25', 'de')).toBe(0.25);
  });

  it('reads English numbers, thousands grouped by commas', () => {
    expect(parseLocaleNumber('1,000', 'en')).toBe(1000);
    expect(parseLocaleNumber('1,000.5', 'en')).toBe(1000.5);
    expect(parseLocaleNumber('2.5', 'en')).toBe(2.5);
  });

  it('refuses what is not one number rather than guessing', () => {
    for (const raw of ['', 'abc', '1,2,3', '1.00.0', '1,000.5', '12a', '1..5'])
      expect(parseLocaleNumber(raw, 'de'), raw).toBeNaN();
    expect(parseLocaleNumber('1.000,5', 'en')).toBeNaN();
  });
});
