import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { baseApi } from '../../../contract/api/base';
import type { BaseCategory, BaseEntry } from '../../../contract/schemas/base';
import { useApiQuery } from '../api/use-api';
import { useMirror } from '../mirror/use-mirror';

/**
 * The base data (docs/base-data.md): from the mirror once it is complete, so forms show their
 * labels offline too; from the API before that.
 */
export function useBaseEntries(): BaseEntry[] {
  const mirror = useMirror();
  const mirrored = useLiveQuery(async () => (mirror ? mirror.base.toArray() : null), [mirror]);
  const fetched = useApiQuery(baseApi.list, mirror ? null : {});
  // Until the mirror's first answer (the first sync has just finished), the fetched entries stay.
  return mirrored ?? fetched.data?.entries ?? [];
}

/**
 * The active entries of a base data category as choices, in the user's language. `keep` (the
 * value a record already has) stays a choice after its entry was deactivated.
 */
export function useBaseChoices(
  category: BaseCategory,
  keep?: string | null,
): { value: string; label: string }[] {
  const { i18n } = useLingui();
  return useBaseEntries()
    .filter((entry) => entry.category === category && (entry.active || entry.key === keep))
    .sort((a, b) => a.sort - b.sort)
    .map((entry) => ({ value: entry.key, label: i18n.locale === 'de' ? entry.labelDe : entry.labelEn }));
}

/** A base data key's label in the user's language, inactive entries included (an old record keeps its label). */
export function useBaseLabel(category: BaseCategory): (key: string | null | undefined) => string {
  const { i18n } = useLingui();
  const entries = useBaseEntries();
  return (key) => {
    const entry = entries.find((item) => item.category === category && item.key === key);
    if (!entry) return key ?? '';
    return i18n.locale === 'de' ? entry.labelDe : entry.labelEn;
  };
}
