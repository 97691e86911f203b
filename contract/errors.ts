import * as v from 'valibot';

/** The error shape of design §4: every 4xx/5xx answer of `/api` has it. */
export const ApiErrorSchema = v.object({
  message: v.string(),
  /** One message per field, keyed by the field's path (`email`, `notes.title`). */
  fieldErrors: v.optional(v.record(v.string(), v.string())),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;
