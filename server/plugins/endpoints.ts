import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import * as v from 'valibot';
import {
  type AliasRoute,
  aliasRoutes,
  type EndpointDefinition,
  type ParsedRequestOf,
} from '../../contract/api/endpoint';
import { listEndpoints } from '../../contract/api/table';
import { ApiErrorSchema } from '../../contract/errors';
import { hasRole, ROLES } from '../../contract/roles';
import { definePlugin } from '../lib/define-plugin';

/** What a route module returns from a handler: the answer, or the reply it sent itself. */
type Answer<E extends EndpointDefinition> =
  | (E['answer'] extends v.GenericSchema ? v.InferInput<E['answer']> : unknown)
  | FastifyReply;

export type EndpointHandler<E extends EndpointDefinition> = (
  request: FastifyRequest<ParsedRequestOf<E>>,
  reply: FastifyReply,
) => Answer<E> | Promise<Answer<E>>;

/**
 * Sends an answer that is already JSON text (a shared list page, docs/api.md#lift-list) as it is:
 * a string with a JSON content type skips the serializer.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

/** Route options a table entry cannot hold: rate limits (they depend on configuration), body size. */
/** Route config (a rate limit), a body limit, and hooks that run before validation (a second limit). */
export type ServeOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'preValidation'>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Registers the handler of a table entry (contract/api/) at its canonical path and its aliases,
     * with its validation, role guard and documentation, once.
     */
    serve<E extends EndpointDefinition>(
      endpoint: E,
      handler: EndpointHandler<E>,
      options?: ServeOptions,
    ): void;
    /** Every endpoint served so far, with the routes it was registered at (tests walk it). */
    servedEndpoints: Map<EndpointDefinition, { method: string; url: string }[]>;
  }
  interface FastifyContextConfig {
    endpoint?: EndpointDefinition;
    idempotent?: boolean;
  }
}

const API_PREFIX = '/api';
const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

/** `a` and `b` as one object schema: the alias of a route that takes its params in the body or query. */
function merged(a: v.GenericSchema, b: v.GenericSchema | undefined): v.GenericSchema {
  return b ? v.intersect([a, b]) : a;
}

/** Whether the endpoint's role rule may refuse a signed-in user (403): not when every role passes it. */
function roleGuarded(endpoint: EndpointDefinition): boolean {
  const rule = endpoint.auth;
  return rule !== 'public' && rule !== 'signedIn' && ROLES.some((role) => !hasRole(role, rule));
}

function isIdempotent(endpoint: EndpointDefinition): boolean {
  return endpoint.idempotent ?? (endpoint.auth !== 'public' && WRITE_METHODS.has(endpoint.method));
}

/**
 * Every error status a route of the endpoint may answer: its own `errors`, and those of the
 * plugins in front of it: 400 (validation), 401 and 403 (auth.ts), 413 and 415 (a body too large
 * or of another type), 422 and 429 (idempotency.ts: a key reused for another request, or still in
 * progress).
 */
export function errorStatuses(endpoint: EndpointDefinition): number[] {
  const statuses = new Set([400, ...(endpoint.errors ?? [])]);
  if (endpoint.auth !== 'public') statuses.add(401);
  if (roleGuarded(endpoint)) statuses.add(403);
  if (endpoint.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (isIdempotent(endpoint)) {
    statuses.add(422);
    statuses.add(429);
  }
  if (endpoint.file?.ranges) statuses.add(416);
  return [...statuses].sort((a, b) => a - b);
}

const BINARY = { type: 'string', format: 'binary' };

/** A file answer as OpenAPI shows it (fastify-swagger takes `content` as given). */
function fileAnswer(types: readonly string[], description: string) {
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema: BINARY }])) };
}

function responseSchemas(endpoint: EndpointDefinition): Record<number, unknown> {
  const responses: Record<number, unknown> = {};
  const status = endpoint.status ?? 200;
  if (endpoint.answer) responses[status] = endpoint.answer;
  else if (endpoint.file) {
    responses[status] = fileAnswer(endpoint.file.types, 'The file');
    if (endpoint.file.ranges) {
      responses[206] = fileAnswer(endpoint.file.types, 'The byte range asked for with `Range`');
      responses[304] = {
        description: 'Not modified since the `If-None-Match` or `If-Modified-Since` given',
        type: 'null',
      };
    }
  } else if (status === 204) responses[204] = { description: 'Done', type: 'null' };
  for (const error of errorStatuses(endpoint)) responses[error] = ApiErrorSchema;
  return responses;
}

/** `domain.entry` as an operationId: `lifts.list` → `liftsList`. */
function camelName(name: string): string {
  return name.replace(/\.(\w)/g, (_match, first: string) => first.toUpperCase());
}

/** `/user-app/update-user-by-email` → `UserAppUpdateUserByEmail`. */
function pascalPath(path: string): string {
  return path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

/**
 * A stable operationId from the table (client generators name their functions by it): the entry's
 * name, and for a Family A alias that name with the alias's method and path after `Alias`.
 */
export function operationIdOf(name: string, endpoint: EndpointDefinition, alias?: AliasRoute): string {
  const base = camelName(name);
  if (!alias) return base;
  const method =
    alias.method === endpoint.method ? '' : alias.method.charAt(0) + alias.method.slice(1).toLowerCase();
  return `${base}Alias${method}${pascalPath(alias.path)}`;
}

const NAMES = new Map(listEndpoints().map(({ name, endpoint }) => [endpoint, name]));

function schemaOf(endpoint: EndpointDefinition, alias?: AliasRoute): FastifySchema & Record<string, unknown> {
  const body = endpoint.body === 'multipart' ? undefined : endpoint.body;
  const name = NAMES.get(endpoint);
  const schema: FastifySchema & Record<string, unknown> = {
    ...(name ? { operationId: operationIdOf(name, endpoint, alias) } : {}),
    tags: [...endpoint.tags],
    summary: alias
      ? `${endpoint.summary} (alias of ${endpoint.method} ${API_PREFIX}${endpoint.path})`
      : endpoint.summary,
    response: responseSchemas(endpoint),
  };
  // Public ones say so: the document's default (api-docs.ts) is the bearer token.
  schema.security = endpoint.auth === 'public' ? [] : [{ bearerAuth: [] }];
  if (endpoint.consumes) schema.consumes = [...endpoint.consumes];
  const { params, query } = endpoint;
  if (params && alias?.paramsIn === 'body') {
    schema.body = merged(params, body);
    if (query) schema.querystring = query;
  } else if (params && alias?.paramsIn === 'query') {
    schema.querystring = merged(params, query);
    if (body) schema.body = body;
  } else {
    if (params) schema.params = params;
    if (query) schema.querystring = query;
    if (body) schema.body = body;
  }
  return schema;
}

function pick(source: unknown, keys: readonly string[], keep: boolean): Record<string, unknown> {
  const record = (source ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key) === keep));
}

export const endpointsPlugin = definePlugin('endpoints', async (app) => {
  const served = new Map<EndpointDefinition, { method: string; url: string }[]>();
  app.decorate('servedEndpoints', served);

  // One way to add an endpoint: a route under /api that is not a table entry, or an entry without
  // a handler, stops the server at start (and so every test), not a client in production.
  const outsideTable: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    if (route.config?.endpoint || !route.url.startsWith(`${API_PREFIX}/`) || methods.length === 0) return;
    outsideTable.push(`${methods.join(',')} ${route.url}`);
  });
  app.addHook('onReady', async () => {
    const unserved = listEndpoints()
      .filter(({ endpoint }) => !served.has(endpoint))
      .map(({ name }) => name);
    if (outsideTable.length > 0 || unserved.length > 0) {
      throw new Error(
        `The API table (contract/api/) and the routes differ: routes outside the table: ${outsideTable.join('; ') || 'none'}; entries without a handler: ${unserved.join(', ') || 'none'}`,
      );
    }
  });

  function guards(instance: FastifyInstance, endpoint: EndpointDefinition) {
    if (endpoint.auth === 'public') return [];
    if (endpoint.auth === 'signedIn') return [instance.authenticate];
    return [instance.authenticate, instance.requireRole(endpoint.auth)];
  }

  // Registered on the instance of the route module, so its own content-type parsers apply.
  app.decorate('serve', function serve<
    E extends EndpointDefinition,
  >(this: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: ServeOptions = {}) {
    if (served.has(endpoint)) throw new Error(`${endpoint.method} ${endpoint.path} is served twice`);
    const routes: { method: string; url: string }[] = [];
    served.set(endpoint, routes);
    const idempotent = isIdempotent(endpoint);
    const config = { ...(options.config ?? {}), endpoint, idempotent };
    const onRequest = guards(this, endpoint);
    const status = endpoint.status ?? 200;
    const paramKeys = Object.keys(endpoint.params?.entries ?? {});

    const run = (request: FastifyRequest, reply: FastifyReply) => {
      reply.code(status);
      const handle = () => handler(request as FastifyRequest<ParsedRequestOf<E>>, reply);
      // A write with a fresh Idempotency-Key runs in one transaction with its remembered answer.
      return request.idempotency ? app.runIdempotent(request, reply, handle) : handle();
    };
    const register = (
      method: string,
      url: string,
      schema: FastifySchema,
      routeHandler: RouteOptions['handler'],
    ) => {
      routes.push({ method, url: `${API_PREFIX}${url}` });
      this.route({
        method,
        url,
        schema,
        onRequest,
        config,
        ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
        ...(options.preValidation ? { preValidation: options.preValidation } : {}),
        handler: routeHandler,
      });
    };

    register(endpoint.method, endpoint.path, schemaOf(endpoint), run);
    for (const alias of aliasRoutes(endpoint)) {
      const from = alias.paramsIn;
      register(alias.method, alias.path, schemaOf(endpoint, alias), (request, reply) => {
        if (from) {
          // The old client's parameters travel in the body or query: hand the handler the canonical shape.
          const carrier = from === 'body' ? request.body : request.query;
          (request as { params: unknown }).params = pick(carrier, paramKeys, true);
          const rest = pick(carrier, paramKeys, false);
          if (from === 'body') request.body = rest;
          else (request as { query: unknown }).query = rest;
        }
        return run(request, reply);
      });
    }
  });
});
