import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { syncPosition, timestamps, tombstone, version } from './columns';

/**
 * The company's reference lists (lift manufacturers, drive types, ...). Mirrored to the PWA like
 * lift_files (docs/sync.md), so deletions stay as tombstones.
 */
export const baseEntries = pgTable(
  'base_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').notNull(),
    key: text('key').notNull(),
    labelDe: text('label_de').notNull(),
    labelEn: text('label_en').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    uniqueIndex('base_entries_category_key_unique')
      .on(table.category, table.key)
      .where(sql`${table.deletedAt} is null`),
    index('base_entries_sync_seq_idx').on(table.syncSeq),
  ],
);
export type BaseEntryRow = typeof baseEntries.$inferSelect;
