/**
 * The one rule by which the error-code catalogue is searched (docs/api.md#descriptions): the code
 * lookup of the errors page and the catalogue page run it over the mirrored descriptions, so it
 * works offline. A query matches a description when each of its words is found in the code, the
 * name, the cause or the remedy, in German or English, whatever the case and accents ("tur" and
 * "tuer" find "Tür", "strasse" finds "Straße"; "tür" finds only "Tür"). Exact codes come first.
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

/**
 * A word of the query and the form of the texts it is matched in: typed with an umlaut it is
 * meant as such ("tür" finds "Tür", not "Temperatur"); typed without, any spelling does.
 */
interface Term {
  text: string;
  spelt: boolean;
}

function searchTerms(query: string): Term[] {
  return query
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const spelt = /[äöüß]/i.test(word);
      return { text: searchForms(word)[spelt ? 1 : 0], spelt };
    });
}

/** A description's texts in both forms: `[names, texts]` each as `[plain, spelt]`. */
function haystacks(description: Searchable) {
  const forms = (values: string[]) => {
    const each = values.map(searchForms);
    return [each.map(([plain]) => plain).join('\n'), each.map(([, spelt]) => spelt).join('\n')] as const;
  };
  return {
    names: forms([description.name, description.nameDE]),
    texts: forms([
      description.content,
      description.contentDE ?? '',
      description.text,
      description.textDE ?? '',
    ]),
  };
}

/** How well a description matches: lower is better; null when it does not. */
function matchRank(description: Searchable, terms: Term[]): number | null {
  if (terms.length === 0) return null;
  const code = String(description.number);
  if (terms.length === 1 && terms[0]?.text === code) return 0;
  const { names, texts } = haystacks(description);
  const inForm = (pair: readonly [string, string], term: Term, test: (hay: string) => boolean) =>
    term.spelt ? test(pair[1]) : test(pair[0]) || test(pair[1]);
  let rank = 1;
  for (const term of terms) {
    if (code.startsWith(term.text)) continue;
    if (inForm(names, term, (hay) => wordStartsWith(hay, term.text))) rank = Math.max(rank, 2);
    else if (inForm(names, term, (hay) => hay.includes(term.text))) rank = Math.max(rank, 3);
    else if (inForm(texts, term, (hay) => hay.includes(term.text))) rank = Math.max(rank, 4);
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
