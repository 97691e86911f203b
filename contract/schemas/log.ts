import * as v from 'valibot';
import { IdSchema, ListQuerySchema } from './common';

export const LOG_LEVELS = ['info', 'warn', 'error'] as const;
export const LOG_SOURCES = ['server', 'device'] as const;

/** An event worth a dev's look: connections, refused keys, failures (docs/spec-texts.md#entities Log). */
export const LogSchema = v.object({
  id: IdSchema,
  at: v.string(),
  level: v.picklist(LOG_LEVELS),
  source: v.picklist(LOG_SOURCES),
  /** A stable name such as `device.connected` or `device.refused`. */
  event: v.string(),
  message: v.string(),
  liftId: v.nullable(IdSchema),
  imei: v.nullable(v.string()),
  details: v.nullable(v.record(v.string(), v.unknown())),
});
export type Log = v.InferOutput<typeof LogSchema>;

export const LogQuerySchema = v.object({
  ...ListQuerySchema.entries,
  level: v.optional(v.picklist(LOG_LEVELS)),
  source: v.optional(v.picklist(LOG_SOURCES)),
});
export const LogListResponseSchema = v.object({ logs: v.array(LogSchema), count: v.number() });
