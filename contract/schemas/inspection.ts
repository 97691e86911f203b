import * as v from 'valibot';
import { INSPECTION_MSG } from '../inspection-messages';
import {
  DEFAULT_MAIN_INTERVAL_MONTHS,
  INSPECTION_DUE_KINDS,
  INSPECTION_DUE_STATUSES,
  INSPECTION_KINDS,
  INSPECTION_RESULTS,
} from '../inspection-rules';
import { MSG } from '../messages';
import { DueWithinDaysSchema, IdSchema, requiredText } from './common';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An inspection by an approved body (docs/inspections.md), as the API answers it and the mirror holds it. */
export const InspectionSchema = v.object({
  id: IdSchema,
  liftId: IdSchema,
  inspectedOn: v.string(),
  kind: v.picklist(INSPECTION_KINDS),
  /** The approved body (ZÜS): TÜV, DEKRA … */
  body: v.string(),
  inspector: v.string(),
  result: v.picklist(INSPECTION_RESULTS),
  /** The body's report among the lift's files (PDF or a scan), or null. */
  reportFileId: v.nullable(IdSchema),
  /** Where its bytes are served (`/api/files/<id>/content`), or null. */
  reportUrl: v.nullable(v.string()),
  recordedBy: v.nullable(IdSchema),
  recordedByName: v.nullable(v.string()),
  createdAt: v.string(),
  version: v.number(),
  updatedAt: v.string(),
});
export type Inspection = v.InferOutput<typeof InspectionSchema>;

/** A defect an inspection found: fixed by the service man, then closed by an admin. */
export const DefectSchema = v.object({
  id: IdSchema,
  inspectionId: IdSchema,
  liftId: IdSchema,
  text: v.string(),
  /** The day by which it must be fixed, `YYYY-MM-DD`. */
  deadline: v.string(),
  fixedAt: v.nullable(v.string()),
  fixedBy: v.nullable(IdSchema),
  fixedByName: v.nullable(v.string()),
  fixNote: v.string(),
  /** Photos of the fix, lift files of the defect's lift (`/api/files/<id>/content`). */
  fixPhotoUrls: v.array(v.string()),
  closedAt: v.nullable(v.string()),
  closedBy: v.nullable(IdSchema),
  createdAt: v.string(),
  version: v.number(),
  updatedAt: v.string(),
});
export type Defect = v.InferOutput<typeof DefectSchema>;

/** `POST /lifts/{id}/inspections`: the answer, the inspection with the defects it found. */
export const InspectionWithDefectsSchema = v.object({
  ...InspectionSchema.entries,
  defects: v.array(DefectSchema),
});

const day = (message: string) => v.pipe(v.string(message), v.regex(DAY, message));

export const DefectInputSchema = v.object({
  text: requiredText(2000, INSPECTION_MSG.defectTextRequired),
  deadline: day(INSPECTION_MSG.invalidDeadline),
});

/**
 * `POST /lifts/{id}/inspections`. Defects go with a result that has them, and only then. The day may
 * not lie ahead, nor a deadline before it (checked by the server against Berlin's today).
 */
export const InspectionInputSchema = v.pipe(
  v.object({
    inspectedOn: day(INSPECTION_MSG.invalidDate),
    kind: v.picklist(INSPECTION_KINDS, MSG.invalidValue),
    body: requiredText(200, INSPECTION_MSG.bodyRequired),
    inspector: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, MSG.tooLong)), ''),
    result: v.picklist(INSPECTION_RESULTS, MSG.invalidValue),
    defects: v.optional(v.pipe(v.array(DefectInputSchema), v.maxLength(100, MSG.tooLong)), []),
    /** The body's report, uploaded before as a file of the lift (`POST /files/register`). */
    reportFileId: v.optional(v.nullable(v.pipe(v.string(), v.uuid(INSPECTION_MSG.reportNotFound))), null),
  }),
  v.forward(
    v.check((input) => input.result === 'none' || input.defects.length > 0, INSPECTION_MSG.defectsMissing),
    ['defects'],
  ),
  v.forward(
    v.check(
      (input) => input.result !== 'none' || input.defects.length === 0,
      INSPECTION_MSG.defectsNotExpected,
    ),
    ['defects'],
  ),
);
export type InspectionInput = v.InferOutput<typeof InspectionInputSchema>;

export const InspectionIntervalSchema = v.object({
  mainEveryMonths: v.number(),
  /** Whether the lift has an interval of its own (otherwise `DEFAULT_MAIN_INTERVAL_MONTHS`). */
  custom: v.boolean(),
});

/** `PUT /lifts/{id}/inspection-interval`: null takes the default back. */
export const InspectionIntervalInputSchema = v.object({
  mainEveryMonths: v.nullable(
    v.pipe(
      v.number(MSG.invalidValue),
      v.integer(MSG.invalidValue),
      v.minValue(2, MSG.invalidValue),
      v.maxValue(120, MSG.invalidValue),
    ),
  ),
});

const InspectionDueSchema = v.nullable(
  v.object({ dueOn: v.string(), status: v.picklist(INSPECTION_DUE_STATUSES) }),
);

/** `GET /lifts/{id}/inspections`: interval, due days, out of service, inspections newest first, defects. */
export const LiftInspectionsSchema = v.object({
  interval: InspectionIntervalSchema,
  due: v.object({ main: InspectionDueSchema, intermediate: InspectionDueSchema }),
  outOfService: v.boolean(),
  inspections: v.array(InspectionSchema),
  defects: v.array(DefectSchema),
});
export type LiftInspections = v.InferOutput<typeof LiftInspectionsSchema>;

/** `PUT /inspections/{id}/report`: a report added to (or replacing one of) an inspection recorded before. */
export const InspectionReportInputSchema = v.object({
  reportFileId: v.pipe(v.string(INSPECTION_MSG.reportNotFound), v.uuid(INSPECTION_MSG.reportNotFound)),
});

/** How many photos a defect's fix takes. */
export const DEFECT_FIX_MAX_PHOTOS = 10;

/** `POST /defects/{id}/fixed`; the photos are files of the defect's lift, uploaded before. */
export const DefectFixInputSchema = v.object({
  fixNote: requiredText(2000, INSPECTION_MSG.fixNoteRequired),
  photoUrls: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string(INSPECTION_MSG.photoNotFound),
          v.maxLength(2000, MSG.tooLong),
          v.regex(/^\/api\/files\/[0-9a-f-]{36}\/content$/, INSPECTION_MSG.photoNotFound),
        ),
      ),
      v.maxLength(DEFECT_FIX_MAX_PHOTOS, MSG.tooLong),
    ),
    [],
  ),
});

/** The default interval in force for a lift without its own. */
export const intervalOf = (own: number | null) => ({
  mainEveryMonths: own ?? DEFAULT_MAIN_INTERVAL_MONTHS,
  custom: own !== null,
});

/** `GET /inspections/due`: due within `days` (default `INSPECTION_NOTICE_DAYS`) or overdue. */
export const InspectionDueQuerySchema = v.object({
  days: v.optional(DueWithinDaysSchema),
});

/** One row of `GET /inspections/due` (`inspectionDueList` of contract/inspection-rules.ts) with its lift. */
export const InspectionDueItemSchema = v.object({
  key: v.string(),
  kind: v.picklist(INSPECTION_DUE_KINDS),
  liftId: IdSchema,
  liftUid: v.string(),
  liftAddress: v.string(),
  dueOn: v.string(),
  status: v.picklist(['soon', 'overdue']),
  defectId: v.nullable(IdSchema),
  text: v.nullable(v.string()),
  dangerous: v.boolean(),
});
export type InspectionDueItem = v.InferOutput<typeof InspectionDueItemSchema>;

export const InspectionDueListSchema = v.object({
  today: v.string(),
  days: v.number(),
  items: v.array(InspectionDueItemSchema),
});
export type InspectionDueList = v.InferOutput<typeof InspectionDueListSchema>;
