import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifySchema } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/schemas/sync';
import { definePlugin } from '../lib/define-plugin';
import { isValibotSchema } from './validation';

type JsonObject = Record<string, unknown>;

/** OpenAPI 3.0 forbids `required: []`, which the converter emits for objects without required keys. */
function withoutEmptyRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutEmptyRequired);
  if (typeof node !== 'object' || node === null) return node;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'required' && Array.isArray(value) && value.length === 0) continue;
    result[key] = withoutEmptyRequired(value);
  }
  return result;
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`; the converter puts it beside `anyOf`/`oneOf`
 * (`v.nullable(v.union(…))`). Each member then says it may be null instead.
 */
function withTypedNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withTypedNullable);
  if (typeof node !== 'object' || node === null) return node;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) result[key] = withTypedNullable(value);
  const members = (result.anyOf ?? result.oneOf) as JsonObject[] | undefined;
  if (result.nullable === true && result.type === undefined && Array.isArray(members)) {
    delete result.nullable;
    const key = result.anyOf ? 'anyOf' : 'oneOf';
    result[key] = members.map((member) => ({ ...member, nullable: true }));
  }
  return result;
}

function toOpenApi(schema: unknown): unknown {
  if (!isValibotSchema(schema)) return schema;
  // `ignore`: transforms and custom checks have no JSON Schema form; the document shows the rest.
  return withTypedNullable(
    withoutEmptyRequired(toJsonSchema(schema, { target: 'openapi-3.0', errorMode: 'ignore' })),
  );
}

/** Writes the API table marks `idempotent` honour it (plugins/idempotency.ts). */
const IDEMPOTENCY_HEADER = {
  [IDEMPOTENCY_KEY_HEADER]: {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    pattern: '^[\\x21-\\x7e]+$',
    description:
      'Optional. The same key from the same user on the same request gets the first answer again (with `Idempotent-Replayed: true`) and changes nothing twice; another request with the key answers 422, one still in progress 429 with Retry-After. Keys are kept for 24 hours.',
  },
};

/** Route schemas are valibot; the OpenAPI document gets their JSON Schema form. */
export const valibotToOpenApi: SwaggerTransform = ({ schema, url, route }) => {
  if (!schema) return { schema, url };
  const { body, querystring, params, headers, response, ...rest } = schema as FastifySchema & JsonObject;
  const transformed: JsonObject = { ...rest };
  if (body) transformed.body = toOpenApi(body);
  if (querystring) transformed.querystring = toOpenApi(querystring);
  if (params) transformed.params = toOpenApi(params);
  if (headers) transformed.headers = toOpenApi(headers);
  if (route?.config?.idempotent === true) {
    const documented = (transformed.headers ?? { type: 'object', properties: {} }) as JsonObject;
    transformed.headers = {
      ...documented,
      properties: { ...(documented.properties as JsonObject), ...IDEMPOTENCY_HEADER },
    };
  }
  if (response) {
    transformed.response = Object.fromEntries(
      Object.entries(response as JsonObject).map(([status, answer]) => [status, toOpenApi(answer)]),
    );
  }
  return { schema: transformed, url };
};

export interface ApiDocsOptions {
  /** The portal's address (PUBLIC_URL): the document's server. */
  publicUrl: string;
}

/**
 * OpenAPI document at `/api/docs/json`, Swagger UI at `/api/docs`. Every operation is generated
 * from the API table (plugins/endpoints.ts): its operationId, its security (the bearer token,
 * or none for public ones), and every status its route answers. `server/plugins/api-docs.test.ts`
 * lints it with Redocly's recommended rules.
 */
export const apiDocsPlugin = definePlugin<ApiDocsOptions>('api-docs', async (app, { publicUrl }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Lift portal API',
        description:
          'Errors answer `{ message, fieldErrors? }`. Sign in with POST /api/users/authenticate and send the token as `Authorization: Bearer <token>`; operations open to anyone say `security: []`.',
        version: '1',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: publicUrl, description: 'This portal (PUBLIC_URL)' }],
      security: [{ bearerAuth: [] }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: valibotToOpenApi,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No call to the public validator service: it would break the strict CSP and leak the document.
    uiConfig: { validatorUrl: null },
  });
});
