import * as v from 'valibot';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';
import { MSG } from '../messages';

export const IdSchema = v.pipe(v.string(), v.uuid(MSG.invalidValue));

/** A due list's `?days=` window: whole days up to a year, as the query string carries them. */
export const DueWithinDaysSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,3}$/, MSG.invalidValue),
  v.transform(Number),
  v.maxValue(365, MSG.invalidValue),
);
export const IdParamsSchema = v.object({ id: IdSchema });
export const IdsBodySchema = v.object({
  ids: v.pipe(v.array(IdSchema), v.minLength(1, MSG.required), v.maxLength(1000, MSG.tooLong)),
});

/** Query strings arrive as text: page and pageSize are parsed here, once, for every list. */
const positiveIntFromQuery = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, MSG.invalidValue),
      v.transform(Number),
      v.minValue(1, MSG.invalidValue),
      v.maxValue(max, MSG.invalidValue),
    ),
    String(fallback),
  );

export const ListQuerySchema = v.object({
  page: positiveIntFromQuery(1, 1_000_000),
  pageSize: positiveIntFromQuery(PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, MSG.tooLong))),
  sort: v.optional(v.pipe(v.string(), v.maxLength(64, MSG.tooLong))),
});
export type ListQuery = v.InferOutput<typeof ListQuerySchema>;

/** A text that must not be blank after trimming; `message` names the field's rule (docs/spec-texts.md#validation-messages). */
export const requiredText = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, MSG.tooLong));

/** The answer of every `deleteByIds`: how many rows became tombstones. */
export const DeleteResultSchema = v.object({ message: v.string(), count: v.number() });
