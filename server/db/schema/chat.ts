import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './users';

/** Chat between two people of one scope (docs/spec-texts.md#entities Chat message). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The sender. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The recipient. */
    contactId: uuid('contact_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageText: text('message_text').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    /** When the recipient saw it; null counts as unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_messages_pair_time_idx').on(table.userId, table.contactId, table.time),
    index('chat_messages_unread_idx').on(table.contactId, table.readAt),
  ],
);

/** Contacts a user starred (docs/spec-texts.md#session-and-states: starring toggles membership of the starred list). */
export const contactStars = pgTable(
  'contact_stars',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.contactId] })],
);
