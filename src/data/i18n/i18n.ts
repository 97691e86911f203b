import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contract/constants';
import { messages as germanMessages } from '../../locales/de/messages.po';
import { createStore, storage, useStore } from '../store';

const LANGUAGE_KEY = 'lift-portal.language';

// German is the default and ships with the first load; English is fetched when chosen.
const catalogLoaders: Record<Exclude<Language, 'de'>, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
};

i18n.load('de', germanMessages);
const loadedLanguages = new Set<Language>(['de']);

/**
 * Catalogs loaded with the routes that need them (lingui.config.ts `LAZY_CATALOGS`), keeping their
 * texts off the sign-in page's first load, which has a size budget. Explicit imports, so that each
 * becomes its own chunk.
 */
const lazyCatalogLoaders = {
  screens: {
    de: () => import('../../locales/de/screens.po'),
    en: () => import('../../locales/en/screens.po'),
  },
  accounts: {
    de: () => import('../../locales/de/accounts.po'),
    en: () => import('../../locales/en/accounts.po'),
  },
  people: {
    de: () => import('../../locales/de/people.po'),
    en: () => import('../../locales/en/people.po'),
  },
  offline: {
    de: () => import('../../locales/de/offline.po'),
    en: () => import('../../locales/en/offline.po'),
  },
  shell: {
    de: () => import('../../locales/de/shell.po'),
    en: () => import('../../locales/en/shell.po'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ messages: Messages }>>>;
export type LazyCatalog = keyof typeof lazyCatalogLoaders;

const wantedCatalogs = new Set<LazyCatalog>();
const catalogsLoaded = new Map<string, Promise<void>>();

function loadLazyCatalog(name: LazyCatalog, language: Language): Promise<void> {
  const key = `${name}:${language}`;
  let loading = catalogsLoaded.get(key);
  if (!loading) {
    loading = lazyCatalogLoaders[name][language]().then(({ messages }) => i18n.load(language, messages));
    loading.catch(() => catalogsLoaded.delete(key));
    catalogsLoaded.set(key, loading);
  }
  return loading;
}

/** For a route loader: the texts of `name` in the active language, and in every later switch. */
export function loadCatalog(name: LazyCatalog): Promise<void> {
  wantedCatalogs.add(name);
  return loadLazyCatalog(name, activeLanguage.get());
}

/** A route loader of the lift screens. */
export const loadScreenCatalog = () => loadCatalog('screens');

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

/** Counts activations: only the latest one switches once its catalogs are in. */
let activations = 0;

/**
 * Remembers the choice on this device at once (a reload or sign-out while the catalog is still on
 * its way keeps it), loads the catalog if needed, and switches every `Trans`/`t` and `<html lang>`.
 */
export async function activateLanguage(language: Language): Promise<void> {
  const activation = ++activations;
  storage.write(LANGUAGE_KEY, language);
  if (language !== 'de' && !loadedLanguages.has(language)) {
    const { messages } = await catalogLoaders[language]();
    i18n.load(language, messages);
    loadedLanguages.add(language);
  }
  await Promise.all([...wantedCatalogs].map((name) => loadLazyCatalog(name, language)));
  // A later choice came while these catalogs loaded: it wins, whichever finishes first.
  if (activation !== activations) return;
  i18n.activate(language);
  document.documentElement.lang = language;
  activeLanguage.set(language);
}

export { i18n };
