import * as v from 'valibot';
import { MSG } from '../messages';
import { requiredText } from './common';

/**
 * Base data: the company's reference lists that forms choose from (docs/base-data.md). The
 * categories are fixed here so that forms can ask for theirs; entries are edited on /apps/base.
 */
export const BASE_CATEGORIES = [
  'liftManufacturer',
  'driveType',
  'doorType',
  'buildingType',
  'cableType',
  'sparePart',
] as const;
export type BaseCategory = (typeof BASE_CATEGORIES)[number];

export const BaseEntrySchema = v.object({
  id: v.string(),
  category: v.picklist(BASE_CATEGORIES),
  key: v.string(),
  labelDe: v.string(),
  labelEn: v.string(),
  sort: v.number(),
  active: v.boolean(),
  version: v.number(),
  updatedAt: v.string(),
});
export type BaseEntry = v.InferOutput<typeof BaseEntrySchema>;

const KeySchema = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.minLength(1, MSG.required),
  v.maxLength(64, MSG.tooLong),
  v.regex(/^[A-Za-z0-9_.-]+$/, MSG.invalidValue),
);
const SortSchema = v.pipe(
  v.number(MSG.invalidValue),
  v.integer(MSG.invalidValue),
  v.minValue(0, MSG.invalidValue),
  v.maxValue(1_000_000, MSG.invalidValue),
);

export const BaseEntryInputSchema = v.object({
  category: v.picklist(BASE_CATEGORIES, MSG.invalidValue),
  key: KeySchema,
  labelDe: requiredText(200, MSG.required),
  labelEn: requiredText(200, MSG.required),
  sort: v.optional(SortSchema),
  active: v.optional(v.boolean(MSG.invalidValue), true),
});

export const BaseEntryUpdateSchema = v.object({
  key: v.optional(KeySchema),
  labelDe: v.optional(requiredText(200, MSG.required)),
  labelEn: v.optional(requiredText(200, MSG.required)),
  sort: v.optional(SortSchema),
  active: v.optional(v.boolean(MSG.invalidValue)),
  /** The version the change was made on; another one answers 409. */
  baseVersion: v.optional(v.pipe(v.number(), v.integer())),
});

export const BaseListResponseSchema = v.object({ entries: v.array(BaseEntrySchema) });

export const BaseDeleteResultSchema = v.object({
  message: v.string(),
  /** Entries that became tombstones. */
  count: v.number(),
  /** Entries in use that were deactivated instead. */
  deactivated: v.number(),
});
