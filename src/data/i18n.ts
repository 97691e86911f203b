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

// The lift screens' catalog (lingui.config.ts `screens`), loaded with the first of their routes.
const screenLoaders: Record<Language, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de/screens.po'),
  en: () => import('../locales/en/screens.po'),
};
let screensWanted = false;
const screensLoaded = new Map<Language, Promise<void>>();

function loadScreensFor(language: Language): Promise<void> {
  let loading = screensLoaded.get(language);
  if (!loading) {
    loading = screenLoaders[language]().then(({ messages }) => i18n.load(language, messages));
    loading.catch(() => screensLoaded.delete(language));
    screensLoaded.set(language, loading);
  }
  return loading;
}

/** A route loader of the lift screens: their texts in the active language (and later switches). */
export function loadScreenCatalog(): Promise<void> {
  screensWanted = true;
  return loadScreensFor(activeLanguage.get());
}

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
  if (screensWanted) await loadScreensFor(language);
  i18n.activate(language);
  document.documentElement.lang = language;
  storage.write(LANGUAGE_KEY, language);
  activeLanguage.set(language);
}

export { i18n };
