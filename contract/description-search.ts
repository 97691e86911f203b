/**
 * The one rule by which the error-code catalogue is searched (docs/api.md#descriptions): the code
 * lookup of the errors page and the catalogue page run it over the mirrored descriptions, so it
 * works offline. A query matches a description when each of its words is found in the code, the
 * name, the cause or the remedy, in German or English, whatever the case and accents ("tur" and
 * "tuer" find "Tür", "strasse" finds "Straße"). Exact codes come first.
 */

/** The fields searched; the same for both languages. */
interface Searchable {
  number: number;
  name: string;
  nameDE: string;
  content: string;
  contentDE?: string;
  text: string;
  textDE?: string;
}

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * Lower case without accents; `ß` is `ss`. German umlauts also spelt out (`ü` as `ue`) in a second
 * form, since a phone without a German keyboard writes "Tuer".
 */
function searchForms(value: string): [plain: string, spelt: string] {
  const lower = value.toLowerCase();
  const strip = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
  return [strip(lower.replace(/ß/g, 'ss')), strip(lower.replace(/[äöüß]/g, (c) => UMLAUTS[c] ?? c))];
}

/** The query's words, each in its plain form (accents dropped, umlauts spelt out where typed so). */
function searchTerms(query: string): string[] {
  return searchForms(query.trim())[0].split(/\s+/).filter(Boolean);
}

/** How well a description matches: lower is better; null when it does not. */
function matchRank(description: Searchable, terms: string[]): number | null {
  if (terms.length === 0) return null;
  const code = String(description.number);
  const [first] = terms;
  if (terms.length === 1 && first === code) return 0;
  const names = [description.name, description.nameDE].flatMap(searchForms).join('\n');
  const texts = [description.content, description.contentDE ?? '', description.text, description.textDE ?? '']
    .flatMap(searchForms)
    .join('\n');
  let rank = 1;
  for (const term of terms) {
    if (code.startsWith(term)) continue;
    if (wordStartsWith(names, term)) rank = Math.max(rank, 2);
    else if (names.includes(term)) rank = Math.max(rank, 3);
    else if (texts.includes(term)) rank = Math.max(rank, 4);
    else return null;
  }
  return rank;
}

const wordStartsWith = (haystack: string, term: string) =>
  haystack.startsWith(term) || haystack.includes(` ${term}`) || haystack.includes(`\n${term}`);

/**
 * The descriptions matching `query`, best first: the exact code, codes starting with it, then
 * names (a word starting with it before a word containing it), then causes and remedies; by code
 * within each. An empty query matches nothing.
 */
export function searchDescriptions<D extends Searchable>(list: readonly D[], query: string): D[] {
  const terms = searchTerms(query);
  const ranked: Array<[number, D]> = [];
  for (const description of list) {
    const rank = matchRank(description, terms);
    if (rank !== null) ranked.push([rank, description]);
  }
  ranked.sort(([a, left], [b, right]) => a - b || left.number - right.number);
  return ranked.map(([, description]) => description);
}
