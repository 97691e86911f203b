import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { INSPECTION_KINDS, INSPECTION_RESULTS } from '../../../contract/inspection-rules';
import { sqlList, syncPosition, timestamps, tombstone, version } from './columns';
import { liftFiles } from './files';
import { lifts } from './lifts';
import { users } from './users';

/** A lift's own interval of main inspections; without a row the default (contract/inspection-rules.ts). */
export const inspectionIntervals = pgTable('inspection_intervals', {
  liftId: uuid('lift_id')
    .primaryKey()
    .references(() => lifts.id, { onDelete: 'cascade' }),
  mainEveryMonths: integer('main_every_months').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Statutory inspections (docs/inspections.md), mirrored like maintenance visits (docs/sync.md). */
export const inspections = pgTable(
  'inspections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    /** The day of the inspection, `YYYY-MM-DD`. */
    inspectedOn: text('inspected_on').notNull(),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    inspector: text('inspector').notNull().default(''),
    result: text('result').notNull(),
    /** The inspection body's report (PDF or a scan) among the lift's files. */
    reportFileId: uuid('report_file_id').references(() => liftFiles.id, { onDelete: 'set null' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    index('inspections_lift_idx').on(table.liftId, table.inspectedOn),
    index('inspections_sync_seq_idx').on(table.syncSeq),
    check('inspections_kind_known', sql`${table.kind} in (${sqlList(INSPECTION_KINDS)})`),
    check('inspections_result_known', sql`${table.result} in (${sqlList(INSPECTION_RESULTS)})`),
  ],
);

export type InspectionRow = typeof inspections.$inferSelect;

/** The defects an inspection found, mirrored; fixing one is the service man's offline write. */
export const defects = pgTable(
  'defects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** `YYYY-MM-DD`. */
    deadline: text('deadline').notNull(),
    fixedAt: timestamp('fixed_at', { withTimezone: true }),
    fixedBy: uuid('fixed_by').references(() => users.id, { onDelete: 'set null' }),
    fixNote: text('fix_note').notNull().default(''),
    /** Photos of the fix, lift files of the defect's lift (`/api/files/<id>/content`). */
    fixPhotoUrls: jsonb('fix_photo_urls').$type<string[]>().notNull().default([]),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    index('defects_lift_idx').on(table.liftId),
    index('defects_inspection_idx').on(table.inspectionId),
    index('defects_sync_seq_idx').on(table.syncSeq),
  ],
);

export type DefectRow = typeof defects.$inferSelect;
