import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contract/messages';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';

const INDEX_HTML = '<!doctype html><title>Lift portal</title>';

function fakeWebBuild(): string {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webDir, 'registerSW.js'), '/* register */');
  writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Lift portal"}');
  writeFileSync(path.join(webDir, 'assets', 'x-abc123.js'), 'export const x = 1;');
  return webDir;
}

const html = { accept: 'text/html,application/xhtml+xml' };

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fakeWebBuild();
  t = await createTestApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the built PWA', () => {
  it('lets browsers keep hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/x-abc123.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it.each(['/', '/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest'])(
    'makes browsers revalidate %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: html });

      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers deep links of the app with index.html', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/apps/lift/lifts/123?tab=stats',
      headers: html,
    });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API routes a JSON 404, even for a browser', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing/here', headers: html });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MSG.notFound });
  });

  it('answers a missing file that is no navigation with a JSON 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/gone-000000.js',
      headers: { accept: '*/*' },
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MSG.notFound });
  });

  it('answers a route of the app with the shell whatever the client accepts', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/apps/lift/lifts',
      headers: { accept: '*/*' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends a strict content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const csp = response.headers['content-security-policy'];

    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the API documentation', () => {
  it('serves the OpenAPI document with the contract schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const login =
      document.paths['/api/users/authenticate'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(['email', 'password']);
    expect(login.properties.password.minLength).toBe(4);
  });

  it('serves Swagger UI', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs', headers: html });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
