import * as v from 'valibot';
import { EARLY_WARNING_RULES } from '../early-warnings';

const RuleSchema = v.picklist(EARLY_WARNING_RULES);

/**
 * A lift marked unusual by one rule on its last evaluated day (docs/early-warnings.md). The figures
 * are in the rule's unit: faults per 1,000 trips over 7 days (faultRate, doorFaults), trips of the
 * day (standstill), operating hours of the day (hoursWithoutTrips).
 */
export const EarlyWarningSchema = v.object({
  liftId: v.string(),
  uid: v.string(),
  address: v.string(),
  rule: RuleSchema,
  /** First day of the run of days the rule has flagged, `YYYY-MM-DD` in Europe/Berlin. */
  since: v.string(),
  /** The last evaluated day the rule flagged. */
  day: v.string(),
  /** The figure of that day. */
  value: v.number(),
  /** What the lift's own 28 days before make of that day: its baseline. */
  expected: v.number(),
  /** The edge of the band the figure left (upper for rising rules, lower for standstill). */
  threshold: v.number(),
  /** Faults counted over the 7 days (fault rules), trips of the day (the others). */
  count: v.number(),
});
export type EarlyWarning = v.InferOutput<typeof EarlyWarningSchema>;

/** `GET /api/early-warnings`: the unusual lifts the user sees. */
export const EarlyWarningListSchema = v.object({
  /** The last day evaluated (yesterday in Europe/Berlin once the daily job ran); null before the first run. */
  evaluatedDay: v.nullable(v.string()),
  warnings: v.array(EarlyWarningSchema),
});

export const EarlyWarningPointSchema = v.object({
  day: v.string(),
  /** Null: the rule did not speak that day (too little data, or the lift does not normally run). */
  value: v.nullable(v.number()),
  expected: v.nullable(v.number()),
  low: v.nullable(v.number()),
  high: v.nullable(v.number()),
  flagged: v.boolean(),
});
export type EarlyWarningPoint = v.InferOutput<typeof EarlyWarningPointSchema>;

/** `GET /api/lifts/:id/early-warnings`: the lift's warnings and, per flagged rule, its series and band. */
export const LiftEarlyWarningsSchema = v.object({
  evaluatedDay: v.nullable(v.string()),
  warnings: v.array(EarlyWarningSchema),
  series: v.array(v.object({ rule: RuleSchema, points: v.array(EarlyWarningPointSchema) })),
});
export type LiftEarlyWarnings = v.InferOutput<typeof LiftEarlyWarningsSchema>;
