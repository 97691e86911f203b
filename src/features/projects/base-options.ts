import { useLingui } from '@lingui/react/macro';
import type { BaseCategory } from '../../../contract/schemas/base';
import { useBaseEntries } from '../../data/use-base-entries';

/** The active entries of a base data category as choices, in the user's language (docs/base-data.md). */
export function useBaseChoices(category: BaseCategory): { value: string; label: string }[] {
  const { i18n } = useLingui();
  return useBaseEntries()
    .filter((entry) => entry.category === category && entry.active)
    .sort((a, b) => a.sort - b.sort)
    .map((entry) => ({ value: entry.key, label: i18n.locale === 'de' ? entry.labelDe : entry.labelEn }));
}

/** A base data key's label in the user's language, inactive entries included (an old project keeps its label). */
export function useBaseLabel(category: BaseCategory): (key: string | undefined) => string {
  const { i18n } = useLingui();
  const entries = useBaseEntries();
  return (key) => {
    const entry = entries.find((item) => item.category === category && item.key === key);
    if (!entry) return key ?? '';
    return i18n.locale === 'de' ? entry.labelDe : entry.labelEn;
  };
}
