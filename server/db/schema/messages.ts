import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { MESSAGE_KINDS, type MessageKind } from '../../../contract/schemas/message';

import { sqlList, syncPosition, tombstone, version } from './columns';
import { lifts } from './lifts';
import { users } from './users';

/**
 * Readings of a lift's controller: stats, and errors and infos raised or cleared. Kept per year:
 * `year` is part of the key, as the API's delete by `{ ids, year }` expects.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').notNull().defaultRandom(),
    year: smallint('year').notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MessageKind>().notNull(),
    code: integer('code'),
    active: boolean('active'),
    floor: integer('floor'),
    trips: bigint('trips', { mode: 'number' }),
    operatingHours: doublePrecision('operating_hours'),
    /** The controller's time of the reading. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    isNotes: boolean('is_notes').notNull().default(false),
    notes: jsonb('notes').$type<{ title: string; notes: string; urls: string[] }>(),
    ...version,
    ...syncPosition,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...tombstone,
  },
  // Partitioned by month on `at` (migration 0016, docs/telemetry.md), which Drizzle cannot say: the
  // primary key must hold the partition key, so it is (year, id, at); lookups by (year, id) use its
  // prefix and add the year's range of `at` so that only that year's partitions are searched.
  (table) => [
    primaryKey({ columns: [table.year, table.id, table.at] }),
    index('messages_lift_at_idx').on(table.liftId, table.at),
    index('messages_kind_code_at_idx').on(table.kind, table.code, table.at),
    // The errors page over all lifts, newest first: without it PostgreSQL sorted every error and
    // info of every partition (25 s on 50 M readings, docs/telemetry.md).
    index('messages_detailed_at_idx').on(table.at, table.id).where(sql`${table.kind} in ('error', 'info')`),
    // A few lifts' errors and infos (a customer's errors page, a lift's events): without it each
    // lift's readings were intersected with every error of the month (230 ms for 5 lifts at 50 M).
    index('messages_lift_detailed_at_idx')
      .on(table.liftId, table.at, table.id)
      .where(sql`${table.kind} in ('error', 'info')`),
    index('messages_sync_seq_idx').on(table.syncSeq),
    check('messages_kind_known', sql`${table.kind} in (${sqlList(MESSAGE_KINDS)})`),
  ],
);

/**
 * Lower bounds of the readings' sync positions: every `messages` row with `at` at or after
 * `from_at` has a `sync_seq` of at least `min_seq`. A row's position only grows (a new one draws
 * the next, an update draws again), so a bound once true stays true. Recorded daily by the
 * telemetry upkeep for the mirror's cutoff day, read by the sync pull so that its scan starts there
 * instead of walking the older readings of the cutoff's month (docs/telemetry.md#sync-pull-floor).
 */
export const messageSyncFloors = pgTable('message_sync_floors', {
  fromAt: timestamp('from_at', { withTimezone: true }).primaryKey(),
  minSeq: bigint('min_seq', { mode: 'number' }).notNull(),
});

export type MessageRow = typeof messages.$inferSelect;

/**
 * Notes on a reading, one entry per note, each by its author (docs/telemetry.md#notes): whoever sees
 * the lift reads them in order, only the author changes or removes his own. Not mirrored as a table
 * of their own: a reading's answer carries its entries (`noteEntries`), and every change of an entry
 * gives the reading a new sync position, so mirrors take it with the reading.
 */
export const messageNotes = pgTable(
  'message_notes',
  {
    /** Chosen by the client, so that a note made offline keeps its id and is added once. */
    id: uuid('id').primaryKey(),
    messageId: uuid('message_id').notNull(),
    messageYear: smallint('message_year').notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    /** Null for a note written before notes had authors (migration), or whose author was deleted. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    urls: jsonb('urls').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [index('message_notes_message_idx').on(table.messageId, table.createdAt)],
);

export type MessageNoteRow = typeof messageNotes.$inferSelect;
