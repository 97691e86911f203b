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

function responseSchemas(endpoint: EndpointDefinition): Record<number, unknown> {
  const statuses = new Set([400, ...(endpoint.auth === 'public' ? [] : [401]), ...(endpoint.errors ?? [])]);
  const responses: Record<number, unknown> = {};
  if (endpoint.answer) responses[endpoint.status ?? 200] = endpoint.answer;
  for (const status of [...statuses].sort()) responses[status] = ApiErrorSchema;
  return responses;
}

function schemaOf(endpoint: EndpointDefinition, alias?: AliasRoute): FastifySchema & Record<string, unknown> {
  const body = endpoint.body === 'multipart' ? undefined : endpoint.body;
  const schema: FastifySchema & Record<string, unknown> = {
    tags: [...endpoint.tags],
    summary: alias
      ? `${endpoint.summary} (alias of ${endpoint.method} ${API_PREFIX}${endpoint.path})`
      : endpoint.summary,
    response: responseSchemas(endpoint),
  };
  if (endpoint.auth !== 'public') schema.security = [{ bearerAuth: [] }];
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
    const idempotent =
      endpoint.idempotent ?? (endpoint.auth !== 'public' && WRITE_METHODS.has(endpoint.method));
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
