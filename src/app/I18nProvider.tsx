import { type I18nContext, LinguiContext } from '@lingui/react';
import { type ReactNode, useMemo } from 'react';
import { i18n, useActiveLanguage } from '../data/i18n/i18n';

/**
 * Lingui's context for the app, renewed when the language changes. Lingui's own provider renews it
 * at every `i18n.load`, and so rendered every translated component again each time a lazy catalog
 * came (src/data/i18n/i18n.ts), in one task that blocked the page (docs/performance.md). Nothing
 * rendered needs that: a screen renders only once its catalog is loaded (route loaders and lazy
 * components wait for it), and a language change loads every wanted catalog before it activates.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useActiveLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language is a new context
  const context = useMemo<I18nContext>(() => ({ i18n, _: i18n.t.bind(i18n) }), [language]);
  return <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider>;
}
