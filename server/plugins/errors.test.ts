import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../contract/errors';
import { MSG } from '../../contract/messages';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../tests/server/helpers/app';
import { nowSeconds, signToken } from '../../tests/server/helpers/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '100000' });
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('the error shape', () => {
  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      headers: json,
      payload: '{"email": "admin@demo.local",',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.invalidRequest });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>admin@demo.local</email>',
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: MSG.unsupportedMediaType });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      headers: json,
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: MSG.payloadTooLarge });
  });

  it('answers an unknown API route with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: MSG.notFound });
    }
  });

  it('answers a malformed URL with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.invalidRequest });
  });

  it('refuses NUL characters, which PostgreSQL cannot store, as invalid values', async () => {
    const inQuery = await t.app.inject({
      method: 'GET',
      url: '/api/users?search=a%00b',
      headers: await t.authHeaders('admin'),
    });
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      payload: { email: 'admin@demo.local\u0000', password: 'demo1234' },
    });

    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toEqual({
      message: MSG.invalidRequest,
      fieldErrors: { search: MSG.invalidValue },
    });
    expect(inBody.json()).toEqual({ message: MSG.invalidRequest, fieldErrors: { email: MSG.invalidValue } });
  });

  it('keeps field errors to texts the browser can translate', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      payload: { email: ['admin@demo.local'], password: { $gt: '' } },
    });

    expect(response.statusCode).toBe(400);
    const { fieldErrors } = v.parse(ApiErrorSchema, response.json());
    expect(Object.values(fieldErrors ?? {}).every((text) => Object.values<string>(MSG).includes(text))).toBe(
      true,
    );
  });
});

describe('garbage input', () => {
  const huge = 'x'.repeat(200_000);

  const bodies: Array<Pick<InjectOptions, 'headers' | 'payload'>> = [
    { headers: json, payload: '{bad json' },
    { headers: json, payload: '' },
    { headers: json, payload: 'null' },
    { headers: json, payload: '[]' },
    { headers: json, payload: '"a string"' },
    { headers: json, payload: '12345' },
    { headers: json, payload: '{"__proto__": {"role": "dev"}}' },
    { headers: json, payload: '{"constructor": {"prototype": {"role": "dev"}}}' },
    {
      headers: json,
      payload: JSON.stringify({ email: huge, password: huge, access_token: huge, language: huge }),
    },
    { headers: json, payload: JSON.stringify({ email: 1, password: true, access_token: [], language: {} }) },
    {
      headers: json,
      payload: '{"email": "nul\\u0000@demo.local", "password": "\\u0000\\u0000\\u0000\\u0000"}',
    },
    {
      headers: json,
      payload: '{"email": "\\ud800abcd", "password": "\\udfff1234", "access_token": "\\ud800"}',
    },
    { headers: json, payload: JSON.stringify([{ email: 'admin@demo.local', password: 'demo1234' }]) },
    { headers: json, payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    { headers: { 'content-type': 'text/plain' }, payload: 'email=admin@demo.local' },
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a&password=b' },
    { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' },
    { headers: { 'content-type': 'application/json; charset=latin-99' }, payload: '{}' },
    { headers: { ...json, 'content-length': '5' }, payload: '{"email": "admin@demo.local"}' },
  ];

  const queries = [
    '?page=-1&pageSize=abc&search[]=x&id=not-a-uuid',
    '?page=99999999999999999999&pageSize=1e3',
    `?search=${huge.slice(0, 50_000)}&sort=${huge.slice(0, 1000)}`,
    "?id=' OR 1=1 --&search=%00%27%22",
    '?id=00000000-0000-0000-0000-000000000000&id=ffffffff-ffff-ffff-ffff-ffffffffffff',
    '?page[]=1&pageSize[a]=2',
  ];

  const pathValues = [
    'not-a-uuid',
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    'x'.repeat(5000),
    randomUUID(),
    "1'%20OR%20'1'='1",
  ];

  const authorizations = (): string[] => [
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Basic Zm9vOmJhcg==',
    `Bearer ${'a'.repeat(10_000)}`,
    `Bearer ${signToken(TEST_AUTH_SECRET, { sub: 'not-a-uuid', role: 'dev', iat: nowSeconds(), exp: nowSeconds() + 60 })}`,
    `Bearer ${signToken(TEST_AUTH_SECRET, { sub: randomUUID(), role: 'dev', iat: nowSeconds(), exp: nowSeconds() + 60 })}`,
    `Bearer ${signToken(TEST_AUTH_SECRET, { sub: randomUUID(), role: 'king' })}`,
    `Bearer ${signToken('', { sub: randomUUID(), role: 'dev' }, { alg: 'none', typ: 'JWT' }).split('.').slice(0, 2).join('.')}.`,
    'Bearer \u00ff\u00fe',
  ];

  /** Every documented API route, as `[method, path]` with `{id}`-style parameters left in. */
  function documentedRoutes(): Array<[string, string]> {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method): [string, string] => [method.toUpperCase(), path]),
    );
  }

  async function expectNoServerError(options: InjectOptions) {
    const response = await t.app.inject(options);
    const label = `${options.method} ${String(options.url).slice(0, 80)} → ${response.statusCode}`;
    expect(response.statusCode, label).toBeLessThan(500);
    if (response.statusCode >= 400) {
      expect(v.safeParse(ApiErrorSchema, response.json()).success, label).toBe(true);
    }
  }

  // Every route × every kind of garbage: thousands of requests, growing with each new route. Each
  // garbage value of the path meets every garbage query; bodies and credentials are tried on a
  // well-formed and an ill-formed id (or once, on a route without parameters), since the path's
  // value decides only whether the handler is reached, not how it reads the body.
  it('never answers 500, and always the error shape', { timeout: 180_000 }, async () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const admin = await t.authHeaders('admin');

    for (const [method, template] of routes) {
      const withBody = method !== 'GET' && method !== 'DELETE';
      const hasParameters = /\{[^}]+\}/.test(template);
      const urlWith = (value: string) => template.replace(/\{[^}]+\}/g, value);
      const urls = hasParameters ? pathValues.map(urlWith) : [template];
      for (const url of urls) {
        for (const query of queries) {
          await expectNoServerError({ method: method as 'GET', url: `${url}${query}`, headers: admin });
        }
      }
      const bodyUrls = hasParameters ? [urlWith(randomUUID()), urlWith('not-a-uuid')] : [template];
      for (const url of bodyUrls) {
        if (withBody) {
          for (const body of bodies) {
            await expectNoServerError({
              method: method as 'POST',
              url,
              ...body,
              headers: { ...admin, ...body.headers },
            });
          }
        }
        for (const authorization of authorizations()) {
          await expectNoServerError({
            method: method as 'POST',
            url,
            headers: { ...json, authorization },
            ...(withBody ? { payload: '{}' } : {}),
          });
        }
      }
    }
  });
});
