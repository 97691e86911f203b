import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { lifts } from './lifts';

/**
 * Hourly roll-up per lift, kept by the ingest step (server/modules/analytics/rollup.ts): trips and
 * operating hours counted in the hour, faults raised, outages ended and their repair time.
 */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    trips: bigint('trips', { mode: 'number' }).notNull().default(0),
    hours: doublePrecision('hours').notNull().default(0),
    faults: integer('faults').notNull().default(0),
    repairs: integer('repairs').notNull().default(0),
    repairMs: bigint('repair_ms', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.liftId, table.hour] }),
    index('analytics_hourly_hour_idx').on(table.hour),
  ],
);

/**
 * Daily roll-up per lift (the lift's day in Europe/Berlin, docs/analytics.md): the hourly rows summed,
 * so ranges of weeks and months read one row per lift and day.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    trips: bigint('trips', { mode: 'number' }).notNull().default(0),
    hours: doublePrecision('hours').notNull().default(0),
    faults: integer('faults').notNull().default(0),
    repairs: integer('repairs').notNull().default(0),
    repairMs: bigint('repair_ms', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.liftId, table.day] }),
    index('analytics_daily_day_idx').on(table.day),
  ],
);

/** Faults raised per lift, day (Europe/Berlin) and error code (the most frequent codes). */
export const analyticsCodes = pgTable(
  'analytics_codes',
  {
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    code: integer('code').notNull(),
    faults: integer('faults').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.liftId, table.day, table.code] }),
    index('analytics_codes_day_idx').on(table.day),
  ],
);

/** Time spans in which a lift had at least one error raised (availability); open while `endedAt` is null. */
export const analyticsOutages = pgTable(
  'analytics_outages',
  {
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.liftId, table.startedAt] }),
    index('analytics_outages_ended_idx').on(table.endedAt),
  ],
);

/** Per lift, the last counters and raised codes the roll-up saw, so the next batch counts deltas. */
export const analyticsState = pgTable('analytics_state', {
  liftId: uuid('lift_id')
    .primaryKey()
    .references(() => lifts.id, { onDelete: 'cascade' }),
  trips: bigint('trips', { mode: 'number' }),
  hours: doublePrecision('hours'),
  countedAt: timestamp('counted_at', { withTimezone: true }),
  activeCodes: jsonb('active_codes').$type<number[]>().notNull().default([]),
  downSince: timestamp('down_since', { withTimezone: true }),
});
