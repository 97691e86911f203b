import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per mail a user triggered (invitation, reset, top-up, offer), kept an hour: the hourly
 * limits per sender and per recipient count them, in every process (server/modules/email/mail-quota.ts).
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `user:<id>`, or `address:<ip>` for a guest (a reset). */
    sender: text('sender').notNull(),
    /** The address, lower case. */
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_sends_sender_idx').on(table.sender, table.sentAt),
    index('mail_sends_recipient_idx').on(table.recipient, table.sentAt),
    index('mail_sends_sent_at_idx').on(table.sentAt),
  ],
);
