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

/** A UTF-16 surrogate not part of a pair: with the `u` flag a pair is one code point and does not match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The dot path of the first string that PostgreSQL cannot store as sent, or null: a NUL character
 * (text and jsonb refuse it, the query would fail) or a lone UTF-16 surrogate, which JSON's
 * `"\ud800"` escape produces and UTF-8 cannot encode (jsonb refuses it, a text column would keep a
 * replacement character instead). Keys count too; a bad key is reported at its object's path, so
 * the answer does not echo it. Walked with a stack of its own, as a body may nest deeper than the
 * call stack goes.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (unstorable(item)) return path;
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const entries = Object.entries(item);
    // Pushed in reverse, so the first problem in document order is the one reported.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, entry] = entries[index] as [string, unknown];
      if (unstorable(key)) return path;
      pending.push([entry, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

const unstorableError = (part: string, at: string) =>
  new RequestValidationError(part, at ? { [at]: MSG.invalidValue } : {});

/** A parsed JSON body (object, array or string); not a Buffer or a multipart stream. */
const isParsedBody = (body: unknown) =>
  typeof body === 'string' ||
  Array.isArray(body) ||
  (typeof body === 'object' &&
    body !== null &&
    [Object.prototype, null].includes(Object.getPrototypeOf(body) as object | null));

const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  if (!isValibotSchema(schema) || schema.async) {
    throw new Error(`${method} ${url}: the ${httpPart} schema must be a synchronous valibot schema`);
  }
  const part = httpPart ?? 'request';
  return (data: unknown) => {
    const result = v.safeParse(schema, data);
    if (!result.success) return { error: new RequestValidationError(part, toFieldErrors(result.issues)) };
    // The body was looked at as it came in (the preValidation hook below), whole and once.
    if (httpPart !== 'body') {
      const badAt = findUnstorableText(result.output);
      if (badAt !== null) return { error: unstorableError(part, badAt) };
    }
    return { value: result.output };
  };
};

export const validationPlugin = definePlugin('validation', async (app) => {
  app.setValidatorCompiler(valibotValidatorCompiler);
  // Every parsed body, before any schema or handler sees it: a JSON body a route checks itself
  // (lift files' `register`) is covered too, and so are keys a schema drops. Multipart streams are
  // the upload routes' to read; their text is UTF-8, which holds no lone surrogate.
  app.addHook('preValidation', (request, _reply, done) => {
    const { body } = request;
    const badAt =
      body === undefined || body === null || !isParsedBody(body) ? null : findUnstorableText(body);
    done(badAt === null ? undefined : unstorableError('body', badAt));
  });
  // Response schemas document the API; answers are plain JSON (no fast-json-stringify).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
});
