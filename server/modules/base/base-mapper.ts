import type { BaseCategory, BaseEntry } from '../../../contract/schemas/base';
import type { BaseEntryRow } from '../../db/schema/base-data';

/** A base data row as the API and the offline mirror send it (docs/base-data.md). */
export function toBaseEntry(row: BaseEntryRow): BaseEntry {
  return {
    id: row.id,
    category: row.category as BaseCategory,
    key: row.key,
    labelDe: row.labelDe,
    labelEn: row.labelEn,
    sort: row.sort,
    active: row.active,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
