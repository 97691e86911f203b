import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReportPart } from '../../../contract/schemas/service-report';
import { alarms } from './alarms';
import { syncPosition, timestamps, tombstone, version } from './columns';
import { liftFiles } from './files';
import { lifts } from './lifts';
import { maintenanceVisits } from './maintenance';
import { users } from './users';

/**
 * Service reports signed on site (docs/service-reports.md), mirrored with their lift like
 * maintenance visits (docs/sync.md). The id is made on the device, so a resend finds the report.
 */
export const serviceReports = pgTable(
  'service_reports',
  {
    id: uuid('id').primaryKey(),
    liftId: uuid('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    visitId: uuid('visit_id').references(() => maintenanceVisits.id, { onDelete: 'set null' }),
    alarmId: uuid('alarm_id').references(() => alarms.id, { onDelete: 'set null' }),
    workDone: text('work_done').notNull(),
    parts: jsonb('parts').$type<ReportPart[]>().notNull().default([]),
    minutesOnSite: integer('minutes_on_site').notNull(),
    photoUrls: jsonb('photo_urls').$type<string[]>().notNull().default([]),
    liftInService: boolean('lift_in_service').notNull(),
    signerName: text('signer_name').notNull(),
    /** The drawn signature, a PNG as base64; only the PDF shows it. */
    signaturePng: text('signature_png').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** The report's PDF among the lift's files. */
    pdfFileId: uuid('pdf_file_id').references(() => liftFiles.id, { onDelete: 'set null' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...version,
    ...syncPosition,
    ...timestamps,
    ...tombstone,
  },
  (table) => [
    index('service_reports_lift_idx').on(table.liftId, table.signedAt),
    index('service_reports_signed_idx').on(table.signedAt),
    index('service_reports_sync_seq_idx').on(table.syncSeq),
  ],
);

export type ServiceReportRow = typeof serviceReports.$inferSelect;
