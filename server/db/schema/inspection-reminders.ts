import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { lifts } from './lifts';

/**
 * Reminders mailed about statutory inspections and defect deadlines (docs/inspections.md#reminders):
 * one row per entry of `inspectionDueList` (its stable key, which holds the due day) and stage
 * (`ahead`, `overdue`), however many processes run the job. A moved due day is a new key, so it
 * is reminded of again.
 */
export const inspectionReminders = pgTable(
  'inspection_reminders',
  {
    key: text('key').notNull(),
    stage: text('stage', { enum: ['ahead', 'overdue'] }).notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    /** `YYYY-MM-DD`. */
    dueOn: text('due_on').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.stage] })],
);
