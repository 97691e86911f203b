import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EVENT_TYPES, type EventType } from '../../../contract/device';

import { sqlList, syncPosition, timestamps, tombstone, version } from './columns';

/** The error-code catalogue. */
export const descriptions = pgTable(
  'descriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    nameDE: text('name_de').notNull(),
    type: text('type').$type<EventType>().notNull(),
    /** Cause, in English (the spec's field); `contentDE` holds the German. */
    content: text('content').notNull().default(''),
    contentDE: text('content_de').notNull().default(''),
    /** Remedy, in English (the spec's field); `textDE` holds the German. */
    text: text('text').notNull().default(''),
    textDE: text('text_de').notNull().default(''),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    index('descriptions_sync_seq_idx').on(table.syncSeq),
    uniqueIndex('descriptions_number_unique').on(table.number).where(sql`${table.deletedAt} is null`),
    check('descriptions_type_known', sql`${table.type} in (${sqlList(EVENT_TYPES)})`),
    index('descriptions_updated_at_idx').on(table.updatedAt),
  ],
);

export type DescriptionRow = typeof descriptions.$inferSelect;
