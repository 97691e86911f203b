import * as v from 'valibot';
import { MSG } from '../messages';
import { REPORT_MSG } from '../service-report-messages';
import { IdSchema, ListQuerySchema, requiredText } from './common';

/**
 * A service report (docs/service-reports.md): what the service man did at a lift after a
 * maintenance visit or a repair, signed on site by the customer's representative. As the API
 * answers it and the mirror holds it; the signature's image itself stays on the server (it is in
 * the PDF), the row only says who signed and when.
 */
export const ReportPartSchema = v.object({
  name: v.string(),
  quantity: v.number(),
  /** The tableau article's number, or the base data entry's key, when picked from a list. */
  ref: v.string(),
});
export type ReportPart = v.InferOutput<typeof ReportPartSchema>;

export const ServiceReportSchema = v.object({
  id: IdSchema,
  liftId: IdSchema,
  visitId: v.nullable(IdSchema),
  alarmId: v.nullable(IdSchema),
  workDone: v.string(),
  parts: v.array(ReportPartSchema),
  minutesOnSite: v.number(),
  photoUrls: v.array(v.string()),
  /** Whether the service man left the lift in service. */
  liftInService: v.boolean(),
  signerName: v.string(),
  signedAt: v.string(),
  /** The PDF in the lift's files (`/api/files/<id>/content`); null while the report waits on the device. */
  pdfUrl: v.nullable(v.string()),
  authorId: v.nullable(IdSchema),
  authorName: v.nullable(v.string()),
  createdAt: v.string(),
  version: v.number(),
  updatedAt: v.string(),
});
export type ServiceReport = v.InferOutput<typeof ServiceReportSchema>;

/** The most parts, photos and the longest signature a report takes. */
export const REPORT_LIMITS = { parts: 50, photos: 20, signatureChars: 400_000, minutes: 1440 } as const;

export const ReportPartInputSchema = v.object({
  name: requiredText(200, REPORT_MSG.partNameRequired),
  quantity: v.pipe(
    v.number(REPORT_MSG.invalidQuantity),
    v.finite(REPORT_MSG.invalidQuantity),
    v.gtValue(0, REPORT_MSG.invalidQuantity),
    v.maxValue(100_000, REPORT_MSG.invalidQuantity),
  ),
  ref: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, MSG.tooLong)), ''),
});

/**
 * `POST /lifts/{id}/service-reports`. `id` is made on the device: a resend of the same report
 * answers the stored one and makes no second report or mail. `signature` is the drawn signature
 * as a PNG data URL.
 */
export const ServiceReportInputSchema = v.object({
  id: IdSchema,
  visitId: v.optional(v.nullable(IdSchema), null),
  alarmId: v.optional(v.nullable(IdSchema), null),
  workDone: requiredText(4000, REPORT_MSG.workDoneRequired),
  parts: v.optional(
    v.pipe(v.array(ReportPartInputSchema), v.maxLength(REPORT_LIMITS.parts, MSG.tooLong)),
    [],
  ),
  minutesOnSite: v.pipe(
    v.number(REPORT_MSG.invalidMinutes),
    v.integer(REPORT_MSG.invalidMinutes),
    v.minValue(1, REPORT_MSG.invalidMinutes),
    v.maxValue(REPORT_LIMITS.minutes, REPORT_MSG.invalidMinutes),
  ),
  photoUrls: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string(REPORT_MSG.photoNotFound),
          v.maxLength(2000, MSG.tooLong),
          v.regex(/^\/api\/files\/[0-9a-f-]{36}\/content$/, REPORT_MSG.photoNotFound),
        ),
      ),
      v.maxLength(REPORT_LIMITS.photos, MSG.tooLong),
    ),
    [],
  ),
  liftInService: v.boolean(MSG.invalidValue),
  signerName: requiredText(200, REPORT_MSG.signerRequired),
  signature: v.pipe(
    v.string(REPORT_MSG.signatureRequired),
    v.maxLength(REPORT_LIMITS.signatureChars, MSG.tooLong),
    v.regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, REPORT_MSG.signatureRequired),
  ),
  /** When the customer signed, on the device's clock; not ahead of the server's by more than minutes. */
  signedAt: v.pipe(v.string(REPORT_MSG.invalidSignedAt), v.isoTimestamp(REPORT_MSG.invalidSignedAt)),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayFilter = v.optional(v.pipe(v.string(), v.regex(DAY, MSG.invalidValue)));

/** `GET /service-reports`: the reports of the lifts the caller sees, newest first, filtered. */
export const ServiceReportListQuerySchema = v.object({
  ...ListQuerySchema.entries,
  liftId: v.optional(IdSchema),
  authorId: v.optional(IdSchema),
  /** Signed on or after this day (Europe/Berlin). */
  from: dayFilter,
  /** Signed on or before this day (Europe/Berlin). */
  to: dayFilter,
});

/** One report in the list, with its lift named. */
export const ServiceReportListItemSchema = v.object({
  ...ServiceReportSchema.entries,
  liftUid: v.string(),
  liftAddress: v.string(),
});
export type ServiceReportListItem = v.InferOutput<typeof ServiceReportListItemSchema>;

export const ServiceReportListSchema = v.object({
  reports: v.array(ServiceReportListItemSchema),
  count: v.number(),
  /** Everyone who wrote a report in the caller's scope: the service man filter's choices. */
  authors: v.array(v.object({ id: IdSchema, name: v.string() })),
});

export const LiftServiceReportsSchema = v.object({ reports: v.array(ServiceReportSchema) });

/** `GET /service-reports/parts`: what a report's parts are picked from besides free text. */
export const ReportPartChoicesSchema = v.object({
  choices: v.array(v.object({ source: v.picklist(['article', 'base']), ref: v.string(), name: v.string() })),
});
