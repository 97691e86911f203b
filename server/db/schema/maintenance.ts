import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { syncPosition, timestamps, tombstone, version } from './columns';
import { lifts } from './lifts';
import { users } from './users';

/** A lift's own maintenance plan; a null column takes the settings document's default. */
export const maintenancePlans = pgTable('maintenance_plans', {
  liftId: uuid('lift_id')
    .primaryKey()
    .references(() => lifts.id, { onDelete: 'cascade' }),
  everyTrips: integer('every_trips'),
  everyHours: integer('every_hours'),
  everyMonths: integer('every_months'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Maintenance visits, mirrored like lift files (docs/sync.md): each resets the lift's plan. */
export const maintenanceVisits = pgTable(
  'maintenance_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    /** The day of the visit, `YYYY-MM-DD`. */
    visitedOn: text('visited_on').notNull(),
    workDone: text('work_done').notNull(),
    notes: text('notes').notNull().default(''),
    photoUrls: jsonb('photo_urls').$type<string[]>().notNull().default([]),
    /** The lift's counters when the visit was recorded: the plan counts from them. */
    trips: bigint('trips', { mode: 'number' }).notNull().default(0),
    operatingHours: doublePrecision('operating_hours').notNull().default(0),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    index('maintenance_visits_lift_idx').on(table.liftId, table.visitedOn),
    index('maintenance_visits_sync_seq_idx').on(table.syncSeq),
  ],
);

export type MaintenanceVisitRow = typeof maintenanceVisits.$inferSelect;

/**
 * Notices mailed: one per lift, maintenance interval (`cycle`: the last visit's id, or `new` before
 * the first) and service man, however many processes run the job or however the due day moves.
 */
export const maintenanceNotices = pgTable(
  'maintenance_notices',
  {
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    cycle: text('cycle').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueOn: text('due_on').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.liftId, table.cycle, table.userId] })],
);
