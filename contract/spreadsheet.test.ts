import { describe, expect, it } from 'vitest';
import { sheetEuros, sheetLanguageOf, sheetNumber, toCsv } from './spreadsheet';

describe('CSV in the user language', () => {
  it('writes German with semicolons and decimal commas, English with commas and points', () => {
    const rows = [
      ['Artikel', 'Menge', 'Preis'],
      ['Taster', 3, sheetEuros(1240, 'de')],
      [],
      ['Summe', null, 37.2],
    ];
    expect(toCsv(rows, 'de')).toBe('\uFEFFArtikel;Menge;Preis\r\nTaster;3;12,40\r\n\r\nSumme;;37,2\r\n');
    const english = [
      ['Article', 'Quantity', 'Price'],
      ['Button', 3, sheetEuros(1240, 'en')],
    ];
    expect(toCsv(english, 'en')).toBe('\uFEFFArticle,Quantity,Price\r\nButton,3,12.40\r\n');
  });

  it('quotes only what holds the separator, a quote or a line break', () => {
    expect(toCsv([['a,b', 'c;d', 'say "hi"', 'two\nlines']], 'de')).toBe(
      '\uFEFFa,b;"c;d";"say ""hi""";"two\nlines"\r\n',
    );
    expect(toCsv([['a,b', 'c;d']], 'en')).toBe('\uFEFF"a,b",c;d\r\n');
  });

  it('keeps a text from running as a formula, but not a negative number', () => {
    expect(toCsv([['=SUM(A1)', '-1', -1.5]], 'de')).toBe("\uFEFF'=SUM(A1);'-1;-1,5\r\n");
  });

  it('writes numbers without grouping and reads the language of a locale', () => {
    expect(sheetNumber(1234567.5, 'de')).toBe('1234567,5');
    expect(sheetNumber(2, 'en', 2)).toBe('2.00');
    expect(sheetEuros(123_456_789, 'de')).toBe('1234567,89');
    expect(sheetLanguageOf('de-AT')).toBe('de');
    expect(sheetLanguageOf('en')).toBe('en');
  });
});
