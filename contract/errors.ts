import * as v from 'valibot';

/** The error shape of docs/api.md: every 4xx/5xx answer of `/api` has it. */
export const ApiErrorSchema = v.object({
  message: v.string(),
  /** One message per field, keyed by the field's path (`email`, `notes.title`). */
  fieldErrors: v.optional(v.record(v.string(), v.string())),
  /** On a 409 for a stale `baseVersion`: the record as it is now. */
  current: v.optional(v.unknown()),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;
