import { describe, expect, it } from 'vitest';
import { centsDecimal, EURO_FORMAT, offerSums, vatCents } from './money';

describe('money in cents', () => {
  it('rounds the VAT of the whole net sum half up to a cent', () => {
    expect(vatCents(1000, 19)).toBe(190);
    // 0.19 × 2.50 € = 0.475 € → 0.48 €; 0.19 × 2.55 € = 0.4845 € → 0.48 €
    expect(vatCents(250, 19)).toBe(48);
    expect(vatCents(255, 19)).toBe(48);
    expect(vatCents(1, 50)).toBe(1);
    expect(vatCents(0, 19)).toBe(0);
    expect(vatCents(12345, 0)).toBe(0);
  });

  it('stays exact at the largest total a project may have', () => {
    const net = 5_000_000_000_000_000; // 500 items × 10,000 × 10 million euros
    expect(offerSums(net, 19)).toEqual({
      netCents: net,
      vatPercent: 19,
      vatCents: 950_000_000_000_000,
      grossCents: 5_950_000_000_000_000,
    });
    expect(vatCents(4_999_999_999_999_999, 19)).toBe(950_000_000_000_000);
  });

  it('writes cents as an exact decimal text and formats it in German and English', () => {
    expect(centsDecimal(123456)).toBe('1234.56');
    expect(centsDecimal(5)).toBe('0.05');
    expect(centsDecimal(-250)).toBe('-2.50');
    expect(centsDecimal(5_950_000_000_000_001)).toBe('59500000000000.01');
    expect(new Intl.NumberFormat('de-DE', EURO_FORMAT).format(centsDecimal(307500))).toBe('3.075,00\u00a0€');
    expect(new Intl.NumberFormat('en-GB', EURO_FORMAT).format(centsDecimal(307500))).toBe('€3,075.00');
  });

  it('refuses what is not whole cents', () => {
    expect(() => vatCents(1.5, 19)).toThrow(RangeError);
    expect(() => vatCents(100, 7.5)).toThrow(RangeError);
  });
});
