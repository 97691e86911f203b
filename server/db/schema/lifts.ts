import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LiftParameters } from '../../../contract/parameters';

import { sqlList, syncPosition, timestamps, tombstone, version } from './columns';
import { users } from './users';

/**
 * A lift and what the server derives from its controller's readings. Counters are cumulative
 * since installation, as the controller reports them; `brokenMs` is time spent with an error raised.
 */
export const lifts = pgTable(
  'lifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The lift company's own ID of the lift. */
    uid: text('uid').notNull(),
    address: text('address').notNull(),
    imei: text('imei').notNull(),
    iccid: text('iccid'),
    maxTrips: integer('max_trips').notNull().default(0),
    maxOperatingHours: integer('max_operating_hours').notNull().default(0),
    parameters: jsonb('parameters').$type<LiftParameters>().notNull(),
    /** SHA-256 of the controller's key (a 256-bit random secret, so no slow hash is needed). */
    deviceKeyHash: text('device_key_hash'),
    trips: bigint('trips', { mode: 'number' }).notNull().default(0),
    operatingHours: doublePrecision('operating_hours').notNull().default(0),
    /**
     * The counters of the first stats reading the portal received, where the first maintenance
     * interval starts (docs/maintenance.md); set by the ingest step, null before any reading.
     */
    baselineTrips: bigint('baseline_trips', { mode: 'number' }),
    baselineOperatingHours: doublePrecision('baseline_operating_hours'),
    brokenMs: bigint('broken_ms', { mode: 'number' }).notNull().default(0),
    /** Codes of errors raised and not cleared, oldest first; the last one is the current error. */
    activeErrors: jsonb('active_errors').$type<{ code: number; since: string }[]>().notNull().default([]),
    /** Device time from which `brokenMs` is still growing; null while no error is raised. */
    brokenSince: timestamp('broken_since', { withTimezone: true }),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Keys of base data entries (docs/base-data.md), one per category in LIFT_BASE_FIELDS; null when not chosen. */
    manufacturer: text('manufacturer'),
    driveType: text('drive_type'),
    doorType: text('door_type'),
    buildingType: text('building_type'),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    index('lifts_sync_seq_idx').on(table.syncSeq),
    uniqueIndex('lifts_uid_unique').on(table.uid).where(sql`${table.deletedAt} is null`),
    uniqueIndex('lifts_imei_unique').on(table.imei).where(sql`${table.deletedAt} is null`),
    index('lifts_updated_at_idx').on(table.updatedAt),
  ],
);

export const LIFT_USER_KINDS = ['customer', 'serviceman'] as const;
export type LiftUserKind = (typeof LIFT_USER_KINDS)[number];

/** Who a lift is assigned to: its customers and its service men; the data scope of docs/access.md. */
export const liftUsers = pgTable(
  'lift_users',
  {
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LiftUserKind>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.liftId, table.userId, table.kind] }),
    index('lift_users_user_id_idx').on(table.userId),
    check('lift_users_kind_known', sql`${table.kind} in (${sqlList(LIFT_USER_KINDS)})`),
  ],
);

/**
 * A lift whose audience may have changed (assignment, a user's role or company), written by the
 * triggers of migration 0003. Sync pull tells a user who no longer sees such a lift to delete it,
 * and sends it whole (with its recent messages) to one who now does.
 */
export const liftAccessChanges = pgTable(
  'lift_access_changes',
  {
    syncSeq: bigint('sync_seq', { mode: 'number' }).primaryKey().default(sql`nextval('sync_seq')`),
    liftId: uuid('lift_id').notNull(),
    /**
     * Whose access changed: the user unassigned or changed, and his company then. Sync tells only
     * that user (or that company's customer admins) to drop the lift, so nobody learns the ids of
     * lifts he never saw.
     */
    userId: uuid('user_id'),
    companyId: text('company_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lift_access_changes_at_idx').on(table.at)],
);

export type LiftRow = typeof lifts.$inferSelect;
