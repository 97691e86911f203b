import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/constants';
import { messages as germanMessages } from '../locales/de/messages.po';
import { createStore, storage, useStore } from './store';

const LANGUAGE_KEY = 'lift-portal.language';

// German is the default and ships with the first load; English is fetched when chosen.
const catalogLoaders: Record<Exclude<Language, 'de'>, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
};

i18n.load('de', germanMessages);
const loadedLanguages = new Set<Language>(['de']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen on this device before, else German. */
export function storedLanguage(): Language {
  const stored = storage.read(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

const activeLanguage = createStore<Language>(DEFAULT_LANGUAGE);
export const useActiveLanguage = () => useStore(activeLanguage);
export const getActiveLanguage = () => activeLanguage.get();

/** Loads the catalog if needed, switches every `Trans`/`t`, `<html lang>`, and remembers the choice. */
export async function activateLanguage(language: Language): Promise<void> {
  if (language !== 'de' && !loadedLanguages.has(language)) {
    const { messages } = await catalogLoaders[language]();
    i18n.load(language, messages);
    loadedLanguages.add(language);
  }
  i18n.activate(language);
  document.documentElement.lang = language;
  storage.write(LANGUAGE_KEY, language);
  activeLanguage.set(language);
}

export { i18n };
