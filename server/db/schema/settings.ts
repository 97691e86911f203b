import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './users';

/**
 * Every version of the settings document (contract/settings.ts); the newest is in force. A
 * restore stores the old text again as a new version, so the list is the whole history.
 */
export const settingsVersions = pgTable('settings_versions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The JSON text as written. */
  data: text('data').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  restoredFrom: integer('restored_from'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type SettingsVersionRow = typeof settingsVersions.$inferSelect;
