import { describe, expect, it } from 'vitest';
import { searchDescriptions } from './description-search';

const entry = (number: number, nameDE: string, name: string, contentDE = '', textDE = '') => ({
  number,
  name,
  nameDE,
  content: '',
  contentDE,
  text: '',
  textDE,
});

const CATALOGUE = [
  entry(1010, 'Temperatur Maschinenraum', 'Machine room temperature'),
  entry(101, 'Türzonenfehler', 'Door zone fault', 'Die Türzone wurde verlassen.', 'Zonenschalter prüfen.'),
  entry(12, 'Notruf ausgelöst', 'Emergency call', 'Jemand hat in der Kabine den Notruf gedrückt.'),
  entry(
    205,
    'Überlast',
    'Overload',
    'Mehr als die Nennlast in der Kabine.',
    'Fahrgäste bitten auszusteigen.',
  ),
  entry(310, 'Straßenseitige Tür klemmt', 'Street side door stuck'),
];
const numbers = (query: string) => searchDescriptions(CATALOGUE, query).map((d) => d.number);

describe('searchDescriptions', () => {
  it('finds a word without its accents, in any case, and spelt out ("tur", "TUER" find "Tür")', () => {
    expect(numbers('tur')).toEqual([101, 310, 1010]);
    // Typed with its umlaut, the word is meant as such: not the "tur" of "Temperatur".
    expect(numbers('tür')).toEqual([101, 310]);
    expect(numbers('Straße')).toEqual([310]);
    expect(numbers('TUER')).toEqual([101, 310]);
    expect(numbers('uberlast')).toEqual([205]);
    expect(numbers('strasse')).toEqual([310]);
  });

  it('puts the exact code first, then codes starting with it, then texts naming it', () => {
    expect(numbers('101')).toEqual([101, 1010]);
    expect(numbers('1')).toEqual([12, 101, 1010]);
  });

  it('searches name, cause and remedy in both languages; every word must match', () => {
    expect(numbers('emergency')).toEqual([12]);
    expect(numbers('kabine')).toEqual([12, 205]);
    expect(numbers('zonenschalter')).toEqual([101]);
    expect(numbers('door stuck')).toEqual([310]);
    expect(numbers('door overload')).toEqual([]);
  });

  it('ranks a name starting with the word before one containing it, and names before texts', () => {
    expect(numbers('zone')).toEqual([101]);
    expect(numbers('last')).toEqual([205]);
    expect(numbers('not')).toEqual([12]);
  });

  it('matches nothing for an empty query', () => {
    expect(numbers('  ')).toEqual([]);
  });
});
