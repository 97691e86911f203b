import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliasRoutes, type EndpointDefinition } from '../../contract/api/endpoint';
import { listEndpoints } from '../../contract/api/table';
import { MSG } from '../../contract/messages';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';

let t: TestApp;
let documented: Record<string, Record<string, unknown>>;
beforeAll(async () => {
  t = await createTestApp();
  const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  documented = docs.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
});
afterAll(() => t.close());

const table = listEndpoints();

/** Every route of an entry: the canonical one and its Family A aliases. */
const routesOf = (endpoint: EndpointDefinition) => [
  { method: endpoint.method, path: endpoint.path },
  ...aliasRoutes(endpoint).map(({ method, path }) => ({ method, path })),
];

/** A URL that reaches the route: each `:param` filled with a fresh id. */
const concrete = (path: string) => `/api${path.replace(/:[A-Za-z]+/g, () => randomUUID())}`;

describe('the API table', () => {
  it('is not empty and has unique routes', () => {
    expect(table.length).toBeGreaterThan(10);
    const seen = new Set<string>();
    for (const { endpoint } of table) {
      for (const { method, path } of routesOf(endpoint)) {
        const key = `${method} ${path.replace(/:[A-Za-z]+/g, ':')}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it.each(table)('$name is served at its canonical path and every alias', ({ endpoint }) => {
    const served = t.app.servedEndpoints.get(endpoint);
    expect(served, 'served by a route module').toBeDefined();
    for (const { method, path } of routesOf(endpoint)) {
      expect(t.app.hasRoute({ method, url: `/api${path}` }), `${method} ${path}`).toBe(true);
    }
  });

  it.each(table)('$name appears in /api/docs under each of its paths', ({ endpoint }) => {
    for (const { method, path } of routesOf(endpoint)) {
      const openApiPath = `/api${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      expect(documented[openApiPath]?.[method.toLowerCase()], `${method} ${openApiPath}`).toBeDefined();
    }
  });

  it.each(table.filter(({ endpoint }) => endpoint.auth !== 'public'))(
    '$name answers 401 without a token',
    async ({ endpoint }) => {
      for (const { method, path } of routesOf(endpoint)) {
        const response = await t.app.inject({
          method,
          url: concrete(path),
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        expect(response.statusCode, `${method} ${path}`).toBe(401);
        expect(response.json()).toEqual({ message: MSG.invalidToken });
      }
    },
  );
});
