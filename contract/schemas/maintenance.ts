import * as v from 'valibot';
import { MAINTENANCE_REASONS, MAINTENANCE_STATUSES } from '../maintenance';
import { MAINTENANCE_MSG } from '../maintenance-messages';
import { MSG } from '../messages';
import { DueWithinDaysSchema, IdSchema } from './common';
import { AssignedUserSchema } from './lift';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const MaintenancePlanSchema = v.object({
  everyTrips: v.number(),
  everyHours: v.number(),
  everyMonths: v.number(),
  /** Whether the lift has a plan of its own (otherwise the settings document's). */
  custom: v.boolean(),
});

const planLimit = (max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.number(MSG.invalidValue),
        v.integer(MSG.invalidValue),
        v.minValue(1, MSG.invalidValue),
        v.maxValue(max, MSG.invalidValue),
      ),
    ),
    null,
  );

/** `PUT /lifts/{id}/maintenance-plan`: null takes the default back. */
export const MaintenancePlanInputSchema = v.object({
  everyTrips: planLimit(100_000_000),
  everyHours: planLimit(1_000_000),
  everyMonths: planLimit(120),
});

export const MaintenanceDueSchema = v.object({
  status: v.picklist(MAINTENANCE_STATUSES),
  dueOn: v.string(),
  reason: v.picklist(MAINTENANCE_REASONS),
  tripsLeft: v.number(),
  hoursLeft: v.number(),
});

export const MaintenanceDueItemSchema = v.object({
  liftId: IdSchema,
  uid: v.string(),
  address: v.string(),
  ...MaintenanceDueSchema.entries,
  lastVisitOn: v.nullable(v.string()),
  servicemen: v.array(AssignedUserSchema),
});

export const MaintenanceDueQuerySchema = v.object({
  /** Lifts due within this many days; the settings' notice days when absent. */
  days: v.optional(DueWithinDaysSchema),
  liftId: v.optional(IdSchema),
});

export const MaintenanceDueListSchema = v.object({
  today: v.string(),
  noticeDays: v.number(),
  items: v.array(MaintenanceDueItemSchema),
});

export const MaintenanceVisitSchema = v.object({
  id: IdSchema,
  liftId: IdSchema,
  visitedOn: v.string(),
  workDone: v.string(),
  notes: v.string(),
  photoUrls: v.array(v.string()),
  trips: v.number(),
  operatingHours: v.number(),
  recordedBy: v.nullable(IdSchema),
  recordedByName: v.nullable(v.string()),
  createdAt: v.string(),
  version: v.number(),
  updatedAt: v.string(),
});
export type MaintenanceVisit = v.InferOutput<typeof MaintenanceVisitSchema>;

/** `POST /lifts/{id}/maintenance`. The day may not lie ahead (checked against Berlin's today by the server). */
export const MaintenanceVisitInputSchema = v.object({
  visitedOn: v.pipe(v.string(MAINTENANCE_MSG.invalidDate), v.regex(DAY, MAINTENANCE_MSG.invalidDate)),
  workDone: v.pipe(
    v.string(MAINTENANCE_MSG.workDoneRequired),
    v.trim(),
    v.minLength(1, MAINTENANCE_MSG.workDoneRequired),
    v.maxLength(2000, MSG.tooLong),
  ),
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(4000, MSG.tooLong)), ''),
  photoUrls: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string(MAINTENANCE_MSG.invalidPhotoUrl),
          v.maxLength(2000, MSG.tooLong),
          v.regex(/^(https:\/\/|\/api\/)\S+$/, MAINTENANCE_MSG.invalidPhotoUrl),
        ),
      ),
      v.maxLength(20, MSG.tooLong),
    ),
    [],
  ),
});

export const LiftMaintenanceSchema = v.object({
  plan: MaintenancePlanSchema,
  due: MaintenanceDueSchema,
  visits: v.array(MaintenanceVisitSchema),
});
export type LiftMaintenance = v.InferOutput<typeof LiftMaintenanceSchema>;

/** `GET /lifts/stickers?ids=a,b,c`: up to 200 lift ids, comma-separated. */
export const StickerQuerySchema = v.object({
  ids: v.pipe(
    v.string(MAINTENANCE_MSG.stickerIdsInvalid),
    v.transform((text) =>
      text
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
    v.minLength(1, MAINTENANCE_MSG.stickerIdsInvalid),
    v.maxLength(200, MAINTENANCE_MSG.stickerIdsInvalid),
    v.array(IdSchema),
  ),
});
