import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliasRoutes } from '../../contract/api/endpoint';
import { SIM_OPERATIONS } from '../../contract/api/sims';
import { listEndpoints } from '../../contract/api/table';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';
import { errorStatuses, operationIdOf } from './endpoints';

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
  parameters?: { name: string; in: string; schema: { enum?: string[] } }[];
}
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let source: string;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  source = answer.body;
  document = answer.json<Document>();
});
afterAll(() => t.close());

const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((error) => `${error.ruleId}: ${error.message} ${error.location[0]?.pointer}`)).toEqual(
      [],
    );
    // The two warnings left: a proprietary licence has no URL to give, and tests serve on localhost
    // (PUBLIC_URL's default); a deployed portal's own address takes the second away.
    expect([...new Set(problems.map((problem) => problem.ruleId))].sort()).toEqual([
      'info-license-strict',
      'no-server-example.com',
    ]);
  });

  it('gives every operation a stable operationId from the table, once', () => {
    const ids: string[] = [];
    for (const { name, endpoint } of listEndpoints()) {
      const canonical = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(canonical?.operationId, name).toBe(operationIdOf(name, endpoint));
      ids.push(canonical?.operationId ?? '');
      for (const alias of aliasRoutes(endpoint)) {
        const operation = document.paths[openApiPath(alias.path)]?.[alias.method.toLowerCase()];
        expect(operation?.operationId, `${name} ${alias.path}`).toBe(operationIdOf(name, endpoint, alias));
        ids.push(operation?.operationId ?? '');
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    const all = Object.values(document.paths).flatMap((operations) => Object.values(operations));
    expect(all).toHaveLength(ids.length);
    expect(operationIdOf('lifts.list', listEndpoints()[0]!.endpoint)).toBe('liftsList');
  });

  it('says which operations need no token, and lists every error status of each', () => {
    for (const { name, endpoint } of listEndpoints()) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation?.security, name).toEqual(endpoint.auth === 'public' ? [] : [{ bearerAuth: [] }]);
      const listed = Object.keys(operation?.responses ?? {}).map(Number);
      expect(listed, name).toEqual(expect.arrayContaining(errorStatuses(endpoint)));
      expect(
        listed.some((status) => status >= 200 && status < 300),
        name,
      ).toBe(true);
      if (endpoint.auth === 'admin') expect(listed, name).toContain(403);
    }
  });

  it('publishes the SIM operation names as the enum of apiName', () => {
    const parameter = document.paths['/api/sims/{apiName}']?.post?.parameters?.find(
      (one) => one.name === 'apiName',
    );
    expect(parameter?.schema.enum).toEqual(Object.keys(SIM_OPERATIONS));
  });
});
