import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LOG_LEVELS, LOG_SOURCES } from '../../../contract/schemas/log';

import { sqlList } from './columns';

/** Server and device events worth a dev's look. */
export const logs = pgTable(
  'logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    level: text('level').$type<(typeof LOG_LEVELS)[number]>().notNull(),
    source: text('source').$type<(typeof LOG_SOURCES)[number]>().notNull(),
    event: text('event').notNull(),
    message: text('message').notNull(),
    liftId: uuid('lift_id'),
    imei: text('imei'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('logs_at_idx').on(table.at),
    check('logs_level_known', sql`${table.level} in (${sqlList(LOG_LEVELS)})`),
    check('logs_source_known', sql`${table.source} in (${sqlList(LOG_SOURCES)})`),
  ],
);

export type LogRow = typeof logs.$inferSelect;
