import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LINE_TEST_RESULTS, type LineTestResult } from '../../../contract/device';
import { ALARM_KINDS, type AlarmKind } from '../../../contract/schemas/alarm';

import { sqlList, syncPosition, timestamps, tombstone, version } from './columns';
import { lifts } from './lifts';
import { users } from './users';

/**
 * An alarm of a lift: an error its controller raised, or its silence. At most one alarm per lift,
 * kind and code is open at a time (the partial unique index), so a repeated raise, a restart or a
 * second process never opens it twice. Mirrored like `lift_files` (sync triggers, migration 0010).
 * `code` is 0 for an offline alarm (the API shows null).
 */
export const alarms = pgTable(
  'alarms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlarmKind>().notNull(),
    code: integer('code').notNull().default(0),
    name: text('name').notNull().default(''),
    nameDE: text('name_de').notNull().default(''),
    floor: integer('floor'),
    /** When the fault began: the event's time, or the last reading of a silent controller. */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the customer admins and admins were told because nobody acknowledged it. */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    uniqueIndex('alarms_one_open')
      .on(table.liftId, table.kind, table.code)
      .where(sql`${table.closedAt} is null`),
    index('alarms_lift_id_idx').on(table.liftId, table.openedAt),
    index('alarms_created_at_idx').on(table.createdAt),
    index('alarms_sync_seq_idx').on(table.syncSeq),
    check('alarms_kind_known', sql`${table.kind} in (${sqlList(ALARM_KINDS)})`),
  ],
);

export type AlarmRow = typeof alarms.$inferSelect;

/** A device where a user allowed push notifications (Web Push subscription, docs/alarms.md#push). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_id_idx').on(table.userId),
  ],
);

/**
 * Alarm notifications a user was sent per hour (docs/alarms.md#notifications): the hourly cap counts
 * here, so that it holds across processes. Rows of past hours are deleted as the hours pass.
 */
export const alarmNotificationCounts = pgTable(
  'alarm_notification_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hours since the epoch (UTC). */
    hour: integer('hour').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.hour] })],
);

/**
 * Lifts whose controller has reported to the portal (a reading received): only these get an
 * offline alarm when they fall silent (docs/alarms.md#what-opens-and-closes-an-alarm). A lift
 * with only seeded or imported history never had a controller to lose.
 */
export const alarmWatchedLifts = pgTable('alarm_watched_lifts', {
  liftId: uuid('lift_id')
    .primaryKey()
    .references(() => lifts.id, { onDelete: 'cascade' }),
  firstHeardAt: timestamp('first_heard_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Where the emergency-call line test is counted from while the lift has no good one
   * (docs/alarms.md#emergency-call): when its controller was first heard, or, for lifts heard before
   * the portal watched line tests, when it began to.
   */
  lineTestSince: timestamp('line_test_since', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last emergency-call line test of each lift (EN 81-28, docs/alarms.md#emergency-call): when
 * and with what result its controller reported it, and the last good one, from which the overdue
 * alarm counts.
 */
export const lineTests = pgTable(
  'line_tests',
  {
    liftId: uuid('lift_id')
      .primaryKey()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    /** The controller's time of its last test. */
    testedAt: timestamp('tested_at', { withTimezone: true }).notNull(),
    result: text('result').$type<LineTestResult>().notNull(),
    /** The controller's time of its last good test; null while it has had none. */
    lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
  },
  (table) => [check('line_tests_result_known', sql`${table.result} in (${sqlList(LINE_TEST_RESULTS)})`)],
);
