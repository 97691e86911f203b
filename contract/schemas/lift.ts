import * as v from 'valibot';
import { ImeiSchema } from '../device';
import { MSG } from '../messages';
import { LiftParametersSchema } from '../parameters';
import type { BaseCategory } from './base';
import { IdSchema, ListQuerySchema, requiredText } from './common';

export const SIM_VOLUME_STATUSES = ['sufficient', 'low', 'unknown', 'noSim'] as const;
export type SimVolumeStatus = (typeof SIM_VOLUME_STATUSES)[number];

/**
 * Sufficient volume, Low volume (below `lowVolumePercent` left: the settings document's
 * `sims.lowVolumePercent`, 20 by default; an empty card too), No SIM-card for a lift without an
 * ICCID (docs/spec-texts.md#session-and-states), and `unknown` for a card whose quota has not been
 * read yet (not synced, or no quota from the provider): docs/sims.md.
 */
export function simVolumeStatus(
  iccid: string | null,
  sim: { quotaBytes: number; usedBytes: number } | null,
  lowVolumePercent: number,
): SimVolumeStatus {
  if (!iccid) return 'noSim';
  if (!sim || sim.quotaBytes <= 0) return 'unknown';
  // Multiplied, not divided: 20 % of a quota is exactly "not below 20 %".
  const left = Math.max(0, sim.quotaBytes - sim.usedBytes);
  return left * 100 < sim.quotaBytes * lowVolumePercent ? 'low' : 'sufficient';
}

export const IccidSchema = v.pipe(v.string(), v.regex(/^\d{19,20}$/, MSG.invalidValue));

/** Derived by the server from the controller's readings. */
export const LiftStatsSchema = v.object({
  trips: v.number(),
  operatingHours: v.number(),
  /** Hours spent with an error raised. */
  brokenHours: v.number(),
});

export const LiftStateSchema = v.object({
  online: v.boolean(),
  lastSeenAt: v.nullable(v.string()),
  /** The error raised most recently and not yet cleared. */
  currentError: v.nullable(v.object({ code: v.number(), since: v.string() })),
  /** trips ≥ max trips or operating hours ≥ max operating hours. */
  maintenanceDue: v.boolean(),
});

export const AssignedUserSchema = v.object({ id: IdSchema, displayName: v.string() });

/**
 * What a lift's maintenance due day depends on besides its counters and its last visit
 * (docs/maintenance.md), so that the mirror can compute it offline (`liftMaintenanceDue` in
 * contract/maintenance.ts).
 */
export const LiftMaintenanceBasisSchema = v.object({
  /** The lift's own plan; null takes the settings document's default. */
  everyTrips: v.nullable(v.number()),
  everyHours: v.nullable(v.number()),
  everyMonths: v.nullable(v.number()),
  /** The day the lift was registered (Europe/Berlin): the start of its first interval. */
  since: v.string(),
  /** The first reading the portal received: the first interval counts from it; null before one. */
  baseline: v.nullable(v.object({ trips: v.number(), operatingHours: v.number() })),
});

/**
 * The lift's fields that name a base data entry (docs/base-data.md), with the category each takes
 * its key from. The server checks that the key is a live, active entry of that category.
 */
export const LIFT_BASE_FIELDS = {
  manufacturer: 'liftManufacturer',
  driveType: 'driveType',
  doorType: 'doorType',
  buildingType: 'buildingType',
} as const satisfies Record<string, BaseCategory>;
export type LiftBaseField = keyof typeof LIFT_BASE_FIELDS;

/** A base key as stored on a lift; null when none is chosen. */
const baseKey = v.nullable(v.string());
/** A base key as a form sends it: empty means none. */
const baseKeyInput = v.optional(
  v.nullable(
    v.pipe(
      v.string(MSG.invalidValue),
      v.trim(),
      v.maxLength(64, MSG.tooLong),
      v.transform((key) => key || null),
    ),
  ),
  null,
);

/** A lift as the API shows it (docs/api.md). `customers` and `servicemen` are user ids. */
export const LiftSchema = v.object({
  id: IdSchema,
  uid: v.string(),
  address: v.string(),
  imei: v.string(),
  iccid: v.nullable(v.string()),
  customers: v.array(IdSchema),
  servicemen: v.array(IdSchema),
  /** The assigned users' names, for display. */
  assignedUsers: v.array(AssignedUserSchema),
  maxTrips: v.number(),
  maxOperatingHours: v.number(),
  stats: LiftStatsSchema,
  state: LiftStateSchema,
  simVolumeStatus: v.picklist(SIM_VOLUME_STATUSES),
  /** MB left on the lift's SIM card, as last synced from the provider; null without a card or a known quota. */
  simDataLeftMb: v.optional(v.nullable(v.number())),
  parameters: LiftParametersSchema,
  maintenance: LiftMaintenanceBasisSchema,
  /**
   * The lift's own interval between main inspections in months; null: the default
   * (docs/inspections.md). On the row so that the due days hold offline too.
   */
  inspectionEveryMonths: v.nullable(v.number()),
  /** Base data keys (LIFT_BASE_FIELDS); optional so that rows mirrored before they existed still read. */
  manufacturer: v.optional(baseKey),
  driveType: v.optional(baseKey),
  doorType: v.optional(baseKey),
  buildingType: v.optional(baseKey),
  version: v.number(),
  updatedAt: v.string(),
});
export type Lift = v.InferOutput<typeof LiftSchema>;

const limit = v.pipe(
  v.number(MSG.invalidValue),
  v.integer(MSG.invalidValue),
  v.minValue(0, MSG.invalidValue),
  v.maxValue(1e9, MSG.invalidValue),
);

/** `POST /api/lifts/register` and the edit form. */
export const LiftInputSchema = v.object({
  uid: requiredText(64, MSG.liftIdRequired),
  address: requiredText(300, MSG.addressRequired),
  imei: ImeiSchema,
  iccid: v.optional(v.nullable(IccidSchema), null),
  customers: v.pipe(v.array(IdSchema), v.minLength(1, MSG.atLeastOneCustomer), v.maxLength(50, MSG.tooLong)),
  servicemen: v.optional(v.pipe(v.array(IdSchema), v.maxLength(50, MSG.tooLong)), []),
  maxTrips: v.optional(limit, 0),
  maxOperatingHours: v.optional(limit, 0),
  parameters: v.optional(LiftParametersSchema, {}),
  manufacturer: baseKeyInput,
  driveType: baseKeyInput,
  doorType: baseKeyInput,
  buildingType: baseKeyInput,
});
export type LiftInput = v.InferOutput<typeof LiftInputSchema>;

/** `PUT /api/lifts/{id}`: any subset, made on `baseVersion` when the client knows it. */
export const LiftUpdateSchema = v.object({
  ...v.partial(LiftInputSchema).entries,
  baseVersion: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

/** The answer of `register`: the controller's key, shown once and stored only as a hash. */
export const LiftRegisteredSchema = v.object({ ...LiftSchema.entries, deviceKey: v.string() });

export const LiftListQuerySchema = ListQuerySchema;
export const LiftListResponseSchema = v.object({ lifts: v.array(LiftSchema), count: v.number() });

/** `GET /api/lifts/getByUserId?userId=` */
export const LiftsByUserQuerySchema = v.object({ userId: IdSchema });

/** `POST /api/lifts/{id}/device-key`: a new controller key, shown once. */
export const DeviceKeySchema = v.object({ deviceKey: v.string() });
