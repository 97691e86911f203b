import * as v from 'valibot';

/** `GET /api/health`: 200 when the server and its database answer. */
export const HealthResponseSchema = v.object({
  status: v.literal('ok'),
  database: v.picklist(['pglite', 'postgres']),
});

/** `GET /api/config`: public settings the browser needs before anyone signs in. */
export const PublicConfigSchema = v.object({
  /** Link of the toolbar's external design editor; empty when none is configured. */
  designEditorUrl: v.string(),
});
