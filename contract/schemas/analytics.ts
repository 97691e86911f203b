import * as v from 'valibot';
import { MSG } from '../messages';
import { IdSchema } from './common';

/** The ranges of `GET /analytics` (the spec's keys; DTM, due tomorrow, is maintenance's list). */
export const ANALYTICS_RANGES = ['DT', 'DY', '7D', '28D', '90D', 'TW', 'LW', '2W'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

export const AnalyticsQuerySchema = v.object({
  range: v.optional(v.picklist(ANALYTICS_RANGES, MSG.invalidValue), '7D'),
  liftId: v.optional(IdSchema),
});

const TotalsSchema = v.object({
  trips: v.number(),
  operatingHours: v.number(),
  faults: v.number(),
  /** Outages that ended in the range. */
  repairs: v.number(),
  /** Share of the lifts' time in the range (up to now) without an error raised, 0 to 1. */
  availability: v.number(),
  downtimeHours: v.number(),
  /** Operating hours per fault; null without faults. */
  mtbfHours: v.nullable(v.number()),
  /** Mean time from the first raise to the last clear of an outage; null without repairs. */
  mttrMinutes: v.nullable(v.number()),
});
export type AnalyticsTotals = v.InferOutput<typeof TotalsSchema>;

export const AnalyticsAnswerSchema = v.object({
  range: v.picklist(ANALYTICS_RANGES),
  /** Start and end of the range and of the period before it, ISO instants. */
  from: v.string(),
  to: v.string(),
  previousFrom: v.string(),
  timeZone: v.string(),
  /** `hour` for a day's range, `day` otherwise: the points of `series`. */
  bucket: v.picklist(['hour', 'day']),
  lifts: v.number(),
  totals: TotalsSchema,
  /** The same figures for the period of equal length just before: the comparison. */
  previous: TotalsSchema,
  series: v.array(
    v.object({ at: v.string(), trips: v.number(), operatingHours: v.number(), faults: v.number() }),
  ),
  topCodes: v.array(
    v.object({
      code: v.number(),
      name: v.nullable(v.string()),
      nameDE: v.nullable(v.string()),
      faults: v.number(),
    }),
  ),
  ranking: v.array(
    v.object({
      liftId: IdSchema,
      uid: v.string(),
      address: v.string(),
      faults: v.number(),
      trips: v.number(),
      downtimeHours: v.number(),
    }),
  ),
});
export type AnalyticsAnswer = v.InferOutput<typeof AnalyticsAnswerSchema>;
