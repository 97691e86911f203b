/** The separators a language writes numbers with, e.g. `.` and `,` in German. */
function separators(locale: string) {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A number typed in the user's language: "1.000,5" and "1000,5" in German, "1,000.5" in English.
 * Group separators count only in groups of three ("1.000" is a thousand in German); the other
 * separator alone, not in groups of three, is taken as a decimal point ("1.5" typed in German is one
 * and a half, as a phone's keypad often offers only the point). Anything else is NaN, so the field
 * says the value is not a number instead of sending a different one.
 */
export function parseLocaleNumber(raw: string, locale: string): number {
  const text = raw.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return Number.NaN;
  const { group, decimal } = separators(locale);
  const sign = '[-\u2212]?';
  const grouped = `\\d{1,3}(?:${literal(group)}\\d{3})+`;
  const fraction = `(?:${literal(decimal)}\\d+)?`;
  const plain = new RegExp(`^${sign}\\d+${fraction}$`);
  const withGroups = new RegExp(`^${sign}${grouped}${fraction}$`);
  const otherDecimal = new RegExp(`^${sign}\\d+${literal(group)}\\d+$`);
  const toNumber = (digits: string) => Number(digits.replace('\u2212', '-'));
  if (plain.test(text)) return toNumber(text.replace(decimal, '.'));
  if (withGroups.test(text)) return toNumber(text.split(group).join('').replace(decimal, '.'));
  if (otherDecimal.test(text)) return toNumber(text.replace(group, '.'));
  return Number.NaN;
}
