import type * as v from 'valibot';
import type { Role } from '../roles';

/**
 * One HTTP endpoint of the portal as data (docs/api.md). The server registers its handler from it
 * (validation, role guard, aliases, OpenAPI), and the browser's client takes its request and answer
 * types from it; neither side declares them a second time.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: anyone (sign-in, links from mails), any signed-in user, or a role and above. */
export type AuthRule = 'public' | 'signedIn' | Role;

type ObjectSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;
type AnySchema = v.GenericSchema;

/**
 * A Family A path of the spec served by the same handler. `paramsIn` says where that old client
 * sends the canonical path's parameters: in the body (`POST /user-app/user/update {id, …}`) or in
 * the query (`GET /user-app/user?id=`).
 */
export interface AliasRoute {
  method: HttpMethod;
  path: string;
  paramsIn?: 'body' | 'query';
}

export interface EndpointDefinition {
  method: HttpMethod;
  /** The canonical (Family B) path under `/api`, with `:name` parameters. */
  path: string;
  /** Family A paths onto the same handler; a plain string keeps the method and request shape. */
  aliases?: readonly (string | AliasRoute)[];
  params?: ObjectSchema;
  query?: AnySchema;
  /** JSON body, or `multipart` for a file upload (form data, parsed by the route itself). */
  body?: AnySchema | 'multipart';
  /** The success answer; absent for answers that are not JSON (files: see `file`). */
  answer?: AnySchema;
  /**
   * A file answer instead of JSON, for the documentation: its media types, and `ranges` when it
   * honours conditional and range requests (server/integrations/blob/send-blob.ts: 304, 206, 416).
   */
  file?: { types: readonly string[]; ranges?: true };
  /** The success status; 200 unless said. */
  status?: 200 | 201 | 204;
  /** Error statuses the route answers besides 400 and, unless public, 401 (documented). */
  errors?: readonly number[];
  auth: AuthRule;
  /** Whether an `Idempotency-Key` makes a repeat of this write answer the first result. */
  idempotent?: boolean;
  summary: string;
  tags: readonly string[];
  /** Media types a `multipart` (or raw) body may come as, for the documentation. */
  consumes?: readonly string[];
}

/** Declares an endpoint; `const` keeps its literal types so both sides infer request and answer. */
export function endpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

type Input<S> = S extends AnySchema ? v.InferInput<S> : never;

/** A query string travels as text: where the schema parses text, a caller may pass a number too. */
type QueryInput<S> = {
  [K in keyof Input<S>]: Input<S>[K] | (Input<S>[K] extends string | undefined ? number : never);
};

/** What a caller passes: the parts of the request the endpoint has. */
export type RequestOf<E extends EndpointDefinition> = (E['params'] extends ObjectSchema
  ? { params: Input<E['params']> }
  : { params?: never }) &
  (E['query'] extends AnySchema ? { query: QueryInput<E['query']> } : { query?: never }) &
  (E['body'] extends 'multipart'
    ? { body: FormData }
    : E['body'] extends AnySchema
      ? { body: Input<E['body']> }
      : { body?: never });

/** The success answer as it arrives: the server sends complete rows, defaults filled in. */
export type AnswerOf<E extends EndpointDefinition> = E['answer'] extends AnySchema
  ? v.InferOutput<E['answer']>
  : unknown;

/** The parsed request parts a handler receives. */
export interface ParsedRequestOf<E extends EndpointDefinition> {
  Params: E['params'] extends AnySchema ? v.InferOutput<E['params']> : unknown;
  Querystring: E['query'] extends AnySchema ? v.InferOutput<E['query']> : unknown;
  Body: E['body'] extends AnySchema ? v.InferOutput<E['body']> : unknown;
}

/** The canonical path with its parameters filled in, e.g. `lifts/3f…` for `/lifts/:id`. */
export function pathOf(
  definition: Pick<EndpointDefinition, 'path'>,
  params?: Record<string, unknown>,
): string {
  return definition.path.replace(/^\//, '').replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`${definition.path}: parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}

/** Every alias as a full route. */
export function aliasRoutes(definition: EndpointDefinition): AliasRoute[] {
  return (definition.aliases ?? []).map((alias) =>
    typeof alias === 'string' ? { method: definition.method, path: alias } : alias,
  );
}
