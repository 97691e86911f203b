import type { FastifySchemaCompiler } from 'fastify';
import * as v from 'valibot';
import { MSG, type ServerMessage } from '../../contract/messages';
import { SERVER_MESSAGE_TABLES } from '../../contract/server-message-tables';
import { definePlugin } from '../lib/define-plugin';

/*
 * Route schemas (from the API table, contract/api/) are valibot, checked with `v.safeParse`, so
 * transforms, defaults and messages behave exactly as in the browser; the handler receives
 * valibot's output, typed by the table (server/plugins/endpoints.ts). JSON Schema plus Ajv would
 * coerce, strip and drop every transform.
 */

export function isValibotSchema(value: unknown): value is v.GenericSchema {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'schema' &&
    typeof (value as { '~run'?: unknown })['~run'] === 'function'
  );
}

/** Invalid input in one part of a request; the error handler turns it into a 400 with field errors. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;

  constructor(
    readonly part: string,
    readonly fieldErrors: Record<string, ServerMessage>,
  ) {
    super(`Invalid ${part}`);
  }
}

const KNOWN_MESSAGES = new Set<string>(SERVER_MESSAGE_TABLES.flatMap((table) => Object.values(table)));

/** `text` when it is one of the contract's server texts (a schema's own message), else undefined. */
export function knownServerMessage(text: string | undefined): ServerMessage | undefined {
  return text !== undefined && KNOWN_MESSAGES.has(text) ? (text as ServerMessage) : undefined;
}

/**
 * One message per field path, the first issue winning. Only the contract's server texts reach the
 * client: valibot's own English texts (missing key, wrong type) are mapped onto them.
 */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, ServerMessage> {
  const fieldErrors: Record<string, ServerMessage> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue);
    if (path === null || path in fieldErrors) continue;
    fieldErrors[path] =
      knownServerMessage(issue.message) ?? (issue.input === undefined ? MSG.required : MSG.invalidValue);
  }
  return fieldErrors;
}

/**
 * The dot path of the first string holding a NUL character: PostgreSQL cannot store one in text
 * or jsonb and would fail the query, so such input is refused here, for every route at once.
 */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, entry] of Object.entries(value)) {
    const found = findNulCharacter(entry, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  if (!isValibotSchema(schema) || schema.async) {
    throw new Error(`${method} ${url}: the ${httpPart} schema must be a synchronous valibot schema`);
  }
  const part = httpPart ?? 'request';
  return (data: unknown) => {
    const result = v.safeParse(schema, data);
    if (!result.success) return { error: new RequestValidationError(part, toFieldErrors(result.issues)) };
    const nulAt = findNulCharacter(result.output);
    if (nulAt !== null) {
      return { error: new RequestValidationError(part, nulAt ? { [nulAt]: MSG.invalidValue } : {}) };
    }
    return { value: result.output };
  };
};

export const validationPlugin = definePlugin('validation', async (app) => {
  app.setValidatorCompiler(valibotValidatorCompiler);
  // Response schemas document the API; answers are plain JSON (no fast-json-stringify).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
});
