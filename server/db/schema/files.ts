import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { syncPosition, timestamps, tombstone, version } from './columns';
import { lifts } from './lifts';
import { users } from './users';

/**
 * A file attached to a lift (docs/files.md#lift-files): its bytes in the storage's private
 * `lift-files` container under `blob_name`, or, for a registered link, only `url`. Mirrored to the
 * PWA with its lift (docs/sync.md), so deletions stay as tombstones.
 */
export const liftFiles = pgTable(
  'lift_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The client's id of the file: a repeated registration with it answers this row (exactly once). */
    uid: text('uid').notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** Content type: detected from the bytes when stored here. */
    type: text('type').notNull(),
    url: text('url').notNull(),
    /** The blob in the `lift-files` container; null for a link to a file kept elsewhere. */
    blobName: text('blob_name'),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    uniqueIndex('lift_files_uid_unique').on(table.uid),
    index('lift_files_lift_id_idx').on(table.liftId, table.createdAt),
    index('lift_files_sync_seq_idx').on(table.syncSeq),
  ],
);

export type LiftFileRow = typeof liftFiles.$inferSelect;
