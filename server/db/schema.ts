import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_PREFERENCES,
  type NotificationPreference,
  USER_STATUSES,
  type UserStatus,
} from '../../contract/constants';
import { EVENT_TYPES, type EventType } from '../../contract/device';
import type { LiftParameters } from '../../contract/parameters';
import { ROLES, type Role } from '../../contract/roles';
import { ALARM_KINDS, type AlarmKind } from '../../contract/schemas/alarm';
import { LOG_LEVELS, LOG_SOURCES } from '../../contract/schemas/log';
import { MESSAGE_KINDS, type MessageKind } from '../../contract/schemas/message';
import type { ProjectDocument } from '../../contract/schemas/project';
import type { TemplateLayout, TemplateType } from '../../contract/schemas/tableau';
import type { UserSettings } from '../../contract/schemas/user';

/** `'a', 'b'` for a CHECK constraint over a fixed list of our own constants. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Columns every row that the PWA mirrors carries (docs/api.md). */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-case, so the unique index is case-insensitive in effect. */
    email: text('email').notNull().unique('users_email_unique'),
    /** Null while an invited user has not chosen a password yet. */
    passwordHash: text('password_hash'),
    displayName: text('display_name').notNull(),
    phoneNumber: text('phone_number'),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    role: text('role').$type<Role>().notNull(),
    settings: jsonb('settings').$type<UserSettings>().notNull().default({}),
    shortcuts: jsonb('shortcuts').$type<string[]>().notNull().default([]),
    avatarUrl: text('avatar_url'),
    contactPerson: text('contact_person'),
    companyId: text('company_id'),
    name: text('name'),
    address: text('address'),
    additionalEmail: text('additional_email'),
    invoiceEmail: text('invoice_email'),
    referenceNumber: text('reference_number'),
    notificationPreference: text('notification_preference')
      .$type<NotificationPreference>()
      .notNull()
      .default('email'),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Grows on every change; clients send it back as `baseVersion` to detect conflicts. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_role_known', sql`${table.role} in (${sqlList(ROLES)})`),
    check('users_status_known', sql`${table.status} in (${sqlList(USER_STATUSES)})`),
    check(
      'users_notification_preference_known',
      sql`${table.notificationPreference} in (${sqlList(NOTIFICATION_PREFERENCES)})`,
    ),
    index('users_company_id_idx').on(table.companyId),
    index('users_created_by_idx').on(table.createdBy),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Deleted rows stay as tombstones so that sync can tell clients (docs/api.md). */
const tombstone = { deletedAt: timestamp('deleted_at', { withTimezone: true }) };
const version = { version: integer('version').notNull().default(1) };

/**
 * The position of every change to a mirrored row in one order, the cursor of `GET /api/sync/pull`.
 * A trigger (migration 0003) draws it under a transaction-wide lock on every insert and update, so
 * changes commit in the order of their numbers and a reader never skips one still in flight.
 */
export const syncSeq = pgSequence('sync_seq');
const syncPosition = {
  syncSeq: bigint('sync_seq', { mode: 'number' }).notNull().default(sql`nextval('sync_seq')`),
};

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

/** The error-code catalogue. */
export const descriptions = pgTable(
  'descriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    nameDE: text('name_de').notNull(),
    type: text('type').$type<EventType>().notNull(),
    /** Cause, in English (the spec's field); `contentDE` holds the German. */
    content: text('content').notNull().default(''),
    contentDE: text('content_de').notNull().default(''),
    /** Remedy, in English (the spec's field); `textDE` holds the German. */
    text: text('text').notNull().default(''),
    textDE: text('text_de').notNull().default(''),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    index('descriptions_sync_seq_idx').on(table.syncSeq),
    uniqueIndex('descriptions_number_unique').on(table.number).where(sql`${table.deletedAt} is null`),
    check('descriptions_type_known', sql`${table.type} in (${sqlList(EVENT_TYPES)})`),
    index('descriptions_updated_at_idx').on(table.updatedAt),
  ],
);

/**
 * Readings of a lift's controller: stats, and errors and infos raised or cleared. Kept per year:
 * `year` is part of the key, as the API's delete by `{ ids, year }` expects.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').notNull().defaultRandom(),
    year: smallint('year').notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MessageKind>().notNull(),
    code: integer('code'),
    active: boolean('active'),
    floor: integer('floor'),
    trips: bigint('trips', { mode: 'number' }),
    operatingHours: doublePrecision('operating_hours'),
    /** The controller's time of the reading. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    isNotes: boolean('is_notes').notNull().default(false),
    notes: jsonb('notes').$type<{ title: string; notes: string; urls: string[] }>(),
    ...version,
    ...syncPosition,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...tombstone,
  },
  // Partitioned by month on `at` (migration 0016, docs/telemetry.md), which Drizzle cannot say: the
  // primary key must hold the partition key, so it is (year, id, at); lookups by (year, id) use its
  // prefix and add the year's range of `at` so that only that year's partitions are searched.
  (table) => [
    primaryKey({ columns: [table.year, table.id, table.at] }),
    index('messages_lift_at_idx').on(table.liftId, table.at),
    index('messages_kind_code_at_idx').on(table.kind, table.code, table.at),
    // The errors page over all lifts, newest first: without it PostgreSQL sorted every error and
    // info of every partition (25 s on 50 M readings, docs/telemetry.md).
    index('messages_detailed_at_idx').on(table.at, table.id).where(sql`${table.kind} in ('error', 'info')`),
    // A few lifts' errors and infos (a customer's errors page, a lift's events): without it each
    // lift's readings were intersected with every error of the month (230 ms for 5 lifts at 50 M).
    index('messages_lift_detailed_at_idx')
      .on(table.liftId, table.at, table.id)
      .where(sql`${table.kind} in ('error', 'info')`),
    index('messages_sync_seq_idx').on(table.syncSeq),
    check('messages_kind_known', sql`${table.kind} in (${sqlList(MESSAGE_KINDS)})`),
  ],
);

/**
 * A file attached to a lift (docs/files.md#lift-files): its bytes in the storage's private
 * `lift-files` container under `blob_name`, or, for a registered link, only `url`. Mirrored to the
 * PWA with its lift (docs/sync.md), so deletions stay as tombstones.
 */
export const liftFiles = pgTable(
  'lift_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The client's id of the file: a repeated registration with it answers this row (exactly once). */
    uid: text('uid').notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** Content type: detected from the bytes when stored here. */
    type: text('type').notNull(),
    url: text('url').notNull(),
    /** The blob in the `lift-files` container; null for a link to a file kept elsewhere. */
    blobName: text('blob_name'),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    uniqueIndex('lift_files_uid_unique').on(table.uid),
    index('lift_files_lift_id_idx').on(table.liftId, table.createdAt),
    index('lift_files_sync_seq_idx').on(table.syncSeq),
  ],
);

export type LiftFileRow = typeof liftFiles.$inferSelect;

/**
 * Lower bounds of the readings' sync positions: every `messages` row with `at` at or after
 * `from_at` has a `sync_seq` of at least `min_seq`. A row's position only grows (a new one draws
 * the next, an update draws again), so a bound once true stays true. Recorded daily by the
 * telemetry upkeep for the mirror's cutoff day, read by the sync pull so that its scan starts there
 * instead of walking the older readings of the cutoff's month (docs/telemetry.md#sync-pull-floor).
 */
export const messageSyncFloors = pgTable('message_sync_floors', {
  fromAt: timestamp('from_at', { withTimezone: true }).primaryKey(),
  minSeq: bigint('min_seq', { mode: 'number' }).notNull(),
});

/**
 * When each periodic job that catches up last ran (server/plugins/jobs.ts): a new leader runs it
 * when it is due by that time, so restarts do not postpone it (docs/scaling.md#periodic-jobs).
 */
export const periodicJobRuns = pgTable('periodic_job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});

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

/** One row per reading a controller sent, so the same `(imei, seq)` is stored once (docs/device-protocol.md). */
export const deviceReceipts = pgTable(
  'device_receipts',
  {
    imei: text('imei').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Purged by age, not partitioned: the (imei, seq) key that decides "stored once" cannot hold
  // the receipt's time (docs/telemetry.md).
  (table) => [
    primaryKey({ columns: [table.imei, table.seq] }),
    // BRIN: receipts arrive in `received_at` order, and the purge is its only reader; a B-tree cost
    // every ingested reading an index insert (migration 0025, docs/telemetry.md#ingest).
    index('device_receipts_received_at_idx').using('brin', table.receivedAt),
  ],
);

/** Server and device events worth a dev's look. */
export const logs = pgTable(
  'logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    level: text('level').$type<(typeof LOG_LEVELS)[number]>().notNull(),
    source: text('source').$type<(typeof LOG_SOURCES)[number]>().notNull(),
    event: text('event').notNull(),
    message: text('message').notNull(),
    liftId: uuid('lift_id'),
    imei: text('imei'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('logs_at_idx').on(table.at),
    check('logs_level_known', sql`${table.level} in (${sqlList(LOG_LEVELS)})`),
    check('logs_source_known', sql`${table.source} in (${sqlList(LOG_SOURCES)})`),
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

/**
 * The first answer to each write sent with an `Idempotency-Key`, per user (docs/api.md). `statusCode`
 * is null while the first request is still being handled.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** `METHOD /path`: the same key on another request is refused rather than answered wrongly. */
    request: text('request').notNull(),
    statusCode: smallint('status_code'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);

/**
 * A sign-in: every access token names its session (`sid`), and a token is good only while its
 * session is open and before the session's absolute end, however often it is renewed (docs/access.md).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end: no renewed token lives past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the session was ended (logout, password change, role change, ...). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;

/** Ids of sealed link tokens (invitation, password reset) already used: each works once. */
export const usedTokens = pgTable(
  'used_tokens',
  {
    tokenId: text('token_id').primaryKey(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this the token is refused by its own expiry, so the row may be purged. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_tokens_expires_at_idx').on(table.expiresAt)],
);

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

export type LiftRow = typeof lifts.$inferSelect;
export type DescriptionRow = typeof descriptions.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type LogRow = typeof logs.$inferSelect;

// ---- Alarms (docs/alarms.md) ----

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

// ---------------------------------------------------------------------------------------------
// Analytics and maintenance (docs/analytics.md, docs/maintenance.md)
// ---------------------------------------------------------------------------------------------

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

// ---- Projects, base data and the JSON settings (docs/projects.md, docs/base-data.md,
// docs/settings.md) ----

/**
 * Every version of the settings document (contract/settings.ts); the newest is in force. A
 * restore stores the old text again as a new version, so the list is the whole history.
 */
export const settingsVersions = pgTable('settings_versions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The JSON text as written. */
  data: text('data').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  restoredFrom: integer('restored_from'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type SettingsVersionRow = typeof settingsVersions.$inferSelect;

/**
 * The company's reference lists (lift manufacturers, drive types, ...). Mirrored to the PWA like
 * lift_files (docs/sync.md), so deletions stay as tombstones.
 */
export const baseEntries = pgTable(
  'base_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').notNull(),
    key: text('key').notNull(),
    labelDe: text('label_de').notNull(),
    labelEn: text('label_en').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    uniqueIndex('base_entries_category_key_unique')
      .on(table.category, table.key)
      .where(sql`${table.deletedAt} is null`),
    index('base_entries_sync_seq_idx').on(table.syncSeq),
  ],
);
export type BaseEntryRow = typeof baseEntries.$inferSelect;

/**
 * A customer's project: the spec's `{ id, userId, project }`, the document in `project`
 * (contract/schemas/project.ts). State changes follow contract/project-transitions.ts.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer the project is for. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    project: jsonb('project').$type<ProjectDocument>().notNull(),
    ...version,
    ...timestamps,
  },
  (table) => [index('projects_user_id_idx').on(table.userId)],
);
export type ProjectRow = typeof projects.$inferSelect;
// ---------------------------------------------------------------------------------------------
// Tableau (docs/tableau.md): folders (product lines), subfolders (articles), resources
// (part images) and templates (panel layouts).

/** A product line. Public folders are shared by every admin; private ones are their owner's. */
export const tableauFolders = pgTable(
  'tableau_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    /** The owner (who created it); a private folder of a deleted user goes with him. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tableau_folders_user_idx').on(table.userId)],
);

/** A catalogue article: price in integer euro cents, number unique within its folder. */
export const tableauSubfolders = pgTable(
  'tableau_subfolders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Restrict: a folder that still holds articles is not deleted. */
    folderId: uuid('folder_id')
      .notNull()
      .references(() => tableauFolders.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    number: text('number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tableau_subfolders_folder_number_idx').on(table.folderId, table.number),
    check('tableau_subfolders_price_check', sql`${table.priceCents} >= 0`),
  ],
);

/** A part image of an article, stored in the `tableau-resources` container. */
export const tableauResources = pgTable(
  'tableau_resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subfolderId: uuid('subfolder_id')
      .notNull()
      .references(() => tableauSubfolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    blobName: text('blob_name').notNull(),
    thumbnailName: text('thumbnail_name').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widthMm: doublePrecision('width_mm').notNull(),
    heightMm: doublePrecision('height_mm').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tableau_resources_subfolder_idx').on(table.subfolderId)],
);

/** A panel layout (contract/schemas/tableau.ts TemplateLayoutSchema) with its PNG preview. */
export const tableauTemplates = pgTable(
  'tableau_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<TemplateType>().notNull(),
    data: jsonb('data').$type<TemplateLayout>().notNull(),
    previewName: text('preview_name'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tableau_templates_type_idx').on(table.type),
    check('tableau_templates_type_check', sql`${table.type} in ('COP', 'LOP')`),
  ],
);

export type TableauFolderRow = typeof tableauFolders.$inferSelect;
export type TableauSubfolderRow = typeof tableauSubfolders.$inferSelect;
export type TableauResourceRow = typeof tableauResources.$inferSelect;
export type TableauTemplateRow = typeof tableauTemplates.$inferSelect;

/**
 * The server processes sharing this database (docs/scaling.md): each writes `seen_at` every few
 * seconds; a row not refreshed for long is a dead process, removed with its sockets below.
 */
export const clusterNodes = pgTable('cluster_nodes', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Open user sockets of every process: who is online, across processes (docs/realtime.md#presence). */
export const presenceSockets = pgTable(
  'presence_sockets',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => clusterNodes.id, { onDelete: 'cascade' }),
    socketId: text('socket_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.nodeId, table.socketId] }),
    index('presence_sockets_user_idx').on(table.userId),
  ],
);

/**
 * Controllers connected to each process: a lift is online while one of its controllers is
 * connected to a live process, whichever (docs/scaling.md#lifts-online).
 */
export const deviceConnections = pgTable(
  'device_connections',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => clusterNodes.id, { onDelete: 'cascade' }),
    socketId: text('socket_id').notNull(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.nodeId, table.socketId] }),
    index('device_connections_lift_idx').on(table.liftId),
  ],
);
