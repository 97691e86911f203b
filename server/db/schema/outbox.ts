import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OUTBOX_CHANNELS, OUTBOX_KINDS, OUTBOX_STATES } from '../../../contract/schemas/outbox';
import { sqlList } from './columns';
import { users } from './users';

/**
 * The durable outbox (docs/outbox.md): one row per message to one recipient over one channel,
 * written in the transaction of the change that causes it and delivered by the worker of
 * server/modules/outbox/. `(cause, recipient, channel)` is unique, so an event seen twice is one row.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    /** What caused it, such as `alarm:<id>` or `invitation:<token id>`: with recipient and channel, its identity. */
    cause: text('cause').notNull(),
    /** The mail address, the E.164 phone number or the push endpoint. */
    recipient: text('recipient').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    alarmId: uuid('alarm_id'),
    liftId: uuid('lift_id'),
    /** The message as it goes: a mail's subject, texts and attachments, an SMS's body, a push's payload and keys. */
    payload: jsonb('payload').notNull(),
    /** A mail's subject, an SMS's text, a push's title: what lists show. */
    subject: text('subject').notNull(),
    state: text('state', { enum: OUTBOX_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: until when the worker that took it holds it; after that (a crash) another takes it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('outbox_messages_identity').on(table.cause, table.recipient, table.channel),
    // The worker's question: what is due. Sent and failed rows are not in it.
    index('outbox_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('pending', 'sending')`),
    index('outbox_messages_created_idx').on(table.createdAt),
    index('outbox_messages_alarm_idx')
      .on(table.alarmId)
      .where(sql`${table.alarmId} is not null`),
    check('outbox_messages_channel', sql`${table.channel} in (${sqlList(OUTBOX_CHANNELS)})`),
    check('outbox_messages_state', sql`${table.state} in (${sqlList(OUTBOX_STATES)})`),
  ],
);
export type OutboxRow = typeof outboxMessages.$inferSelect;
