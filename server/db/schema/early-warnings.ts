import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EarlyWarningRule } from '../../../contract/early-warnings';
import { lifts } from './lifts';

/**
 * What each early-warning rule made of each lift's days (docs/early-warnings.md), written by the
 * daily evaluation (server/modules/early-warnings/evaluation.ts) for the lift page's charts; null
 * figures where the rule did not speak. Kept for 90 days.
 */
export const earlyWarningDays = pgTable(
  'early_warning_days',
  {
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    rule: text('rule').$type<EarlyWarningRule>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: doublePrecision('value'),
    expected: doublePrecision('expected'),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    flagged: boolean('flagged').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.liftId, table.rule, table.day] }),
    index('early_warning_days_day_idx').on(table.day),
  ],
);

/** The warnings of the last evaluated day: one row per lift and rule that flags it (the list's mark). */
export const earlyWarnings = pgTable(
  'early_warnings',
  {
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    rule: text('rule').$type<EarlyWarningRule>().notNull(),
    since: date('since', { mode: 'string' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: doublePrecision('value').notNull(),
    expected: doublePrecision('expected').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.liftId, table.rule] })],
);
