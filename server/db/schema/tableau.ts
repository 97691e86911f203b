import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TemplateLayout, TemplateType } from '../../../contract/schemas/tableau';

import { users } from './users';

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
