import * as v from 'valibot';
import { DEVICE_RANGES } from '../constants';
import { LiftSchema } from './lift';

/** `GET /api/lifts/summary?range=`: the landing page's view of the user's lifts. */
export const DashboardQuerySchema = v.object({
  range: v.optional(v.picklist(DEVICE_RANGES), 'today'),
});

export const DashboardSummarySchema = v.object({
  range: v.picklist(DEVICE_RANGES),
  counts: v.object({
    total: v.number(),
    online: v.number(),
    offline: v.number(),
    inError: v.number(),
    maintenanceDue: v.number(),
  }),
  /** Trips ridden and errors raised by the user's lifts within the range. */
  trips: v.number(),
  errors: v.number(),
  /** Lifts that need attention first: in error, then maintenance due, then offline (at most 10). */
  attention: v.array(LiftSchema),
});
export type DashboardSummary = v.InferOutput<typeof DashboardSummarySchema>;
