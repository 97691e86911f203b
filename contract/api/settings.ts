import * as v from 'valibot';
import { MSG } from '../messages';
import { SettingsSchema } from '../settings';
import { SETTINGS_PROBLEM_CODES } from '../settings-check';
import { endpoint } from './endpoint';

const tags = ['settings'];

/** A problem found in a written document: where it is (1-based line and column) and what. */
export const SettingsProblemSchema = v.object({
  line: v.number(),
  column: v.number(),
  /** Dotted path of the key, empty for the document or a syntax error. */
  path: v.string(),
  /** What is wrong, as one of SETTINGS_PROBLEMS: the browser shows it in the user's language. */
  code: v.picklist(SETTINGS_PROBLEM_CODES),
  /** The bound a `tooSmall` or `tooLarge` value broke. */
  limit: v.optional(v.number()),
  /** The same in English. */
  message: v.string(),
});
export type SettingsProblem = v.InferOutput<typeof SettingsProblemSchema>;

/** The document as stored: its text as written, the parsed document with defaults, the version. */
export const SettingsDocumentSchema = v.object({
  /** The JSON text as the admin wrote it (the defaults' text before the first write). */
  data: v.string(),
  settings: SettingsSchema,
  versionId: v.nullable(v.number()),
  updatedAt: v.nullable(v.string()),
  updatedBy: v.nullable(v.string()),
});
export type SettingsDocument = v.InferOutput<typeof SettingsDocumentSchema>;

export const SettingsWriteSchema = v.object({
  data: v.pipe(v.string(MSG.required), v.maxLength(200_000, MSG.tooLong)),
});

export const SettingsVersionSchema = v.object({
  id: v.number(),
  data: v.string(),
  createdAt: v.string(),
  createdBy: v.nullable(v.string()),
  /** The version it brought back, for a restore. */
  restoredFrom: v.nullable(v.number()),
});
export type SettingsVersion = v.InferOutput<typeof SettingsVersionSchema>;

export const SettingsRestoreSchema = v.object({
  versionId: v.pipe(v.number(MSG.invalidValue), v.integer(MSG.invalidValue), v.minValue(1, MSG.invalidValue)),
});

/** The portal's settings document (contract/settings.ts, docs/settings.md): admins and devs. */
export const settingsApi = {
  read: endpoint({
    method: 'GET',
    path: '/json/read',
    answer: SettingsDocumentSchema,
    errors: [403],
    auth: 'admin',
    summary: 'The settings document in force, as written and with every default filled in',
    tags,
  }),
  write: endpoint({
    method: 'POST',
    path: '/json/write',
    body: SettingsWriteSchema,
    answer: SettingsDocumentSchema,
    errors: [403],
    auth: 'admin',
    idempotent: false,
    summary:
      'Store a new settings document (`data` is JSON text); not JSON or against the schema answers 400 with `problems` (line, column, path) and the old document stays',
    tags,
  }),
  versions: endpoint({
    method: 'GET',
    path: '/json/versions',
    answer: v.object({ versions: v.array(SettingsVersionSchema) }),
    errors: [403],
    auth: 'admin',
    summary: 'Every stored version of the settings document, newest first',
    tags,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/json/restore',
    body: SettingsRestoreSchema,
    answer: SettingsDocumentSchema,
    errors: [403, 404],
    auth: 'admin',
    idempotent: false,
    summary: 'Bring back an earlier version: it is stored again as the newest version',
    tags,
  }),
};
