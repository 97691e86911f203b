import { descriptionsApi } from '../../../contract/api/descriptions';
import type { Description } from '../../../contract/schemas/description';
import { call } from '../api/http';

let cache: Promise<Description[]> | null = null;

/** The error-code catalogue (`GET /api/descriptions`), loaded once per page load; `fresh` reloads it. */
export function loadDescriptions(fresh = false): Promise<Description[]> {
  if (!cache || fresh) {
    cache = call(descriptionsApi.list);
    cache.catch(() => {
      cache = null;
    });
  }
  return cache;
}

/** The two languages a description is written in. */
export type DescriptionLanguage = 'de' | 'en';

/** One text of a description as a reader shows it. */
export interface PickedText {
  text: string;
  /** The language `text` is written in. */
  lang: DescriptionLanguage;
  /** True when the user's language was empty and `text` is the other one: readers mark it. */
  fallback: boolean;
}

/**
 * The language rule of every description reader (docs/api.md#rows): the user's language (German
 * for a `de…` locale, English otherwise), else the other one, marked as such; '' when both are empty.
 */
export function pickText(
  german: string | undefined,
  english: string | undefined,
  locale: string,
): PickedText {
  const wanted: DescriptionLanguage = locale.startsWith('de') ? 'de' : 'en';
  const own = (wanted === 'de' ? german : english)?.trim() ?? '';
  if (own) return { text: own, lang: wanted, fallback: false };
  const other = (wanted === 'de' ? english : german)?.trim() ?? '';
  if (other) return { text: other, lang: wanted === 'de' ? 'en' : 'de', fallback: true };
  return { text: '', lang: wanted, fallback: false };
}

/** Name, cause (`content`/`contentDE`) and remedy (`text`/`textDE`) of a description in the user's language. */
export function descriptionTexts(description: Description, locale: string) {
  return {
    name: pickText(description.nameDE, description.name, locale),
    cause: pickText(description.contentDE, description.content, locale),
    remedy: pickText(description.textDE, description.text, locale),
  };
}

/** A description's name in the user's language, the other one when it is empty (plain text). */
export function descriptionName(description: Description, locale: string): string {
  return pickText(description.nameDE, description.name, locale).text;
}

export function findDescription(
  list: Description[] | null,
  code: number | null | undefined,
): Description | undefined {
  if (code === null || code === undefined || !list) return undefined;
  return list.find((d) => d.number === code);
}
