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
} from '../../contract/constants';
import { ROLES, type Role } from '../../contract/roles';
import type { UserSettings } from '../../contract/schemas/user';

/** `'a', 'b'` for a CHECK constraint over a fixed list of our own constants. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Columns every row that the PWA mirrors carries (design §4). */
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
