/**
 * Money in whole euro cents, on both sides (docs/projects.md#sums-and-vat). Cents stay integers
 * from the line item to the gross sum; VAT is worked out with BigInt so that no product ever
 * leaves the exact range of a double, and rounded once, half up, on the whole net sum.
 */

/** The VAT on a net sum: `netCents × vatPercent / 100`, rounded half up to a whole cent. */
export function vatCents(netCents: number, vatPercent: number): number {
  if (!Number.isSafeInteger(netCents) || netCents < 0) throw new RangeError('net must be whole cents ≥ 0');
  if (!Number.isInteger(vatPercent) || vatPercent < 0) throw new RangeError('VAT must be a whole percent');
  return Number((BigInt(netCents) * BigInt(vatPercent) * 2n + 100n) / 200n);
}

export interface OfferSums {
  netCents: number;
  vatPercent: number;
  vatCents: number;
  grossCents: number;
}

/** Net, VAT and gross of an offer whose line items add up to `netCents`. */
export function offerSums(netCents: number, vatPercent: number): OfferSums {
  const vat = vatCents(netCents, vatPercent);
  return { netCents, vatPercent, vatCents: vat, grossCents: netCents + vat };
}

/**
 * Whole cents as an exact decimal text (`123456` → `"1234.56"`), for `Intl.NumberFormat#format`,
 * which takes such a string without going through a double (12345678901234567 cents stay exact).
 */
export function centsDecimal(cents: number): `${number}` {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(cents))).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
}

/** The `Intl.NumberFormat` options of a euro amount. */
export const EURO_FORMAT: Intl.NumberFormatOptions = { style: 'currency', currency: 'EUR' };
