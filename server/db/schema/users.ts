import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_PREFERENCES,
  type NotificationPreference,
  USER_STATUSES,
  type UserStatus,
} from '../../../contract/constants';
import { ROLES, type Role } from '../../../contract/roles';
import type { UserSettings } from '../../../contract/schemas/user';

import { sqlList, timestamps } from './columns';

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
