import { sql } from 'drizzle-orm';
import { bigint, integer, pgSequence, timestamp } from 'drizzle-orm/pg-core';

/** `'a', 'b'` for a CHECK constraint over a fixed list of our own constants. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Columns every row that the PWA mirrors carries (docs/api.md). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Deleted rows stay as tombstones so that sync can tell clients (docs/api.md). */
export const tombstone = { deletedAt: timestamp('deleted_at', { withTimezone: true }) };
export const version = { version: integer('version').notNull().default(1) };

/**
 * The position of every change to a mirrored row in one order, the cursor of `GET /api/sync/pull`.
 * A trigger (migration 0003) draws it under a transaction-wide lock on every insert and update, so
 * changes commit in the order of their numbers and a reader never skips one still in flight.
 */
export const syncSeq = pgSequence('sync_seq');
export const syncPosition = {
  syncSeq: bigint('sync_seq', { mode: 'number' }).notNull().default(sql`nextval('sync_seq')`),
};
