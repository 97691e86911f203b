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
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { timestamps } from './columns';
import { users } from './users';

/**
 * The portal's own copy of a SIM card at the provider (docs/sims.md), refreshed from it; a lift is in
 * the card whose ICCID it carries. `quotaBytes` is the current data quota's total volume and
 * `usedBytes` what of it is gone (total minus the provider's remaining `volume`), so the SIM volume
 * status needs no provider call.
 */
export const sims = pgTable(
  'sims',
  {
    iccid: text('iccid').primaryKey(),
    quotaBytes: bigint('quota_bytes', { mode: 'number' }).notNull().default(0),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    iccidWithLuhn: text('iccid_with_luhn'),
    imsi: text('imsi'),
    msisdn: text('msisdn'),
    imei: text('imei'),
    imeiLock: boolean('imei_lock').notNull().default(false),
    /** The provider's `Enabled` or `Disabled`. */
    status: text('status').notNull().default('Enabled'),
    activationDate: timestamp('activation_date', { withTimezone: true }),
    ipAddress: text('ip_address'),
    /** The provider's `current_quota` (MB) and `quota_status.id` (0: over 20 % left, 1: below, 2: none). */
    currentQuotaMb: doublePrecision('current_quota_mb'),
    quotaStatus: smallint('quota_status'),
    currentQuotaSms: integer('current_quota_sms'),
    quotaStatusSms: smallint('quota_status_sms'),
    /** SMS left of the SMS quota's total. */
    smsVolume: integer('sms_volume'),
    smsTotal: integer('sms_total'),
    dataExpiryDate: timestamp('data_expiry_date', { withTimezone: true }),
    label: text('label'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** The lowest level (1: below 20 %, 2: empty) the admins were mailed about since the card was last above it. */
    notifiedLevel: smallint('notified_level').notNull().default(0),
    /**
     * When a refresh found the card no longer at the provider (terminated, moved to another
     * account): kept for history, neither listed nor counted; null while the provider lists it.
     */
    goneAt: timestamp('gone_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [check('sims_notified_level_known', sql`${table.notifiedLevel} in (0, 1, 2)`)],
);

export type SimRow = typeof sims.$inferSelect;

/** Top-up requests (the offer of the settings, "500MB for 35 euro" by default) mailed to TOPUP_RECIPIENTS, kept so a repeat within a day asks first. */
export const simTopups = pgTable(
  'sim_topups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    iccid: text('iccid').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    /** Data left when it was asked for, in MB. */
    dataLeftMb: doublePrecision('data_left_mb'),
    /** The offer the request named (settings `sims.topUpDataMb`, `sims.topUpPriceCents`); null before migration 0024. */
    offerDataMb: integer('offer_data_mb'),
    offerPriceCents: integer('offer_price_cents'),
  },
  (table) => [index('sim_topups_iccid_requested_at_idx').on(table.iccid, table.requestedAt)],
);
