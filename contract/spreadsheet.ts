/**
 * CSV as the user's spreadsheet program reads it: German Excel splits on `;` and takes a decimal
 * comma, English on `,` with a decimal point. UTF-8 with a byte order mark, so umlauts survive.
 * One rule for the browser's exports and the server's (docs/decisions.md#csv-in-the-users-language).
 */
export type SheetLanguage = 'de' | 'en';

export type SheetCell = string | number | null;

/** A number as that language writes it in a cell: no grouping (a spreadsheet reads "1.234" as 1.234). */
export function sheetNumber(value: number, language: SheetLanguage, fractionDigits?: number): string {
  const text = fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
  return language === 'de' ? text.replace('.', ',') : text;
}

/** Euro cents as a plain amount of that language: 12345 → "123,45" / "123.45". */
export const sheetEuros = (cents: number, language: SheetLanguage) => sheetNumber(cents / 100, language, 2);

function cell(value: SheetCell, language: SheetLanguage, separator: string): string {
  if (value === null) return '';
  if (typeof value === 'number') return sheetNumber(value, language);
  // A leading = + - @ (or a tab or return) could run as a formula in the spreadsheet.
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as one CSV text in that language's convention; blank rows (`[]`) separate sections. */
export function toCsv(rows: readonly (readonly SheetCell[])[], language: SheetLanguage): string {
  const separator = language === 'de' ? ';' : ',';
  const lines = rows.map((row) => row.map((value) => cell(value, language, separator)).join(separator));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The sheet language of a Lingui locale ("de", "de-AT", "en-GB"). */
export const sheetLanguageOf = (locale: string): SheetLanguage => (locale.startsWith('de') ? 'de' : 'en');
