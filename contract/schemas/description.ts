import * as v from 'valibot';
import { EVENT_TYPES } from '../device';
import { MSG } from '../messages';
import { IdSchema, requiredText } from './common';

/** An entry of the error-code catalogue: what a controller's code means, in both languages. */
export const DescriptionSchema = v.object({
  id: IdSchema,
  number: v.number(),
  /** Name in English. */
  name: v.string(),
  nameDE: v.string(),
  type: v.picklist(EVENT_TYPES),
  /** Cause, in English (the spec's field). */
  content: v.string(),
  /** Cause, in German; '' when nobody wrote it yet (readers then show `content`, marked). */
  contentDE: v.string(),
  /** Remedy, in English (the spec's field). */
  text: v.string(),
  /** Remedy, in German; '' when nobody wrote it yet. */
  textDE: v.string(),
  version: v.number(),
  updatedAt: v.string(),
});
export type Description = v.InferOutput<typeof DescriptionSchema>;

const text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, MSG.tooLong)), '');

/** `POST /api/descriptions/register`, `PUT /api/descriptions/{id}` (docs/api.md#endpoints-by-domain). */
export const DescriptionInputSchema = v.object({
  number: v.pipe(
    v.number(MSG.required),
    v.integer(MSG.invalidValue),
    v.minValue(0, MSG.invalidValue),
    v.maxValue(65_535, MSG.invalidValue),
  ),
  name: requiredText(200, MSG.nameRequired),
  nameDE: requiredText(200, MSG.nameRequired),
  type: v.picklist(EVENT_TYPES, MSG.messageTypeRequired),
  content: text(4000),
  contentDE: text(4000),
  text: text(4000),
  textDE: text(4000),
});
export type DescriptionInput = v.InferOutput<typeof DescriptionInputSchema>;

const baseVersion = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)));

/** A German text an update may leave out: a client that predates it (the spec's app) keeps it. */
const keptText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, MSG.tooLong)));

/**
 * `PUT /api/descriptions/{id}`: the new fields, made on `baseVersion` when the client knows it.
 * `contentDE` and `textDE` left out keep their stored value (docs/api.md#rows).
 */
export const DescriptionUpdateSchema = v.object({
  ...DescriptionInputSchema.entries,
  contentDE: keptText(4000),
  textDE: keptText(4000),
  baseVersion,
});
export type DescriptionUpdate = Omit<v.InferOutput<typeof DescriptionUpdateSchema>, 'baseVersion'>;

export const DescriptionListResponseSchema = v.array(DescriptionSchema);
