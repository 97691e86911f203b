import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contract/messages';
import { createTestApp, type TestApp } from '../../tests/server/helpers/app';

const BOOT_SCRIPT = "document.getElementById('boot').hidden = false;";
const INDEX_HTML = `<!doctype html><title>Lift portal</title><script>${BOOT_SCRIPT}</script><script type="module" src="/assets/x-abc123.js"></script>`;

function fakeWebBuild(): string {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'lift-portal-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webDir, 'registerSW.js'), '/* register */');
  writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Lift portal"}');
  writeFileSync(path.join(webDir, 'assets', 'x-abc123.js'), 'export const x = 1;');
  // As tools/precompress.ts leaves a build: compressed copies beside the file.
  const big = `export const lifts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `AZ-${i}`))};`;
  writeFileSync(path.join(webDir, 'assets', 'big-def456.js'), big);
  writeFileSync(path.join(webDir, 'assets', 'big-def456.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(webDir, 'assets', 'big-def456.js.gz'), gzipSync(big));
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

  it('sends the precompressed copy the browser accepts, and the file itself to one that takes neither', async () => {
    const url = '/assets/big-def456.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/^export const lifts/);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toMatch(/^export const lifts/);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^export const lifts/);
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
    // 'wasm-unsafe-eval' compiles the sticker scanner's WebAssembly only; scripts are never eval'd.
    // index.html's own inline script by its hash, no other inline script.
    const bootHash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    const scriptSrc = String(csp)
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${bootHash}'`);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('compressed API answers', () => {
  it('compresses a large JSON answer for a client that accepts it, and leaves small ones as they are', async () => {
    const large = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(large.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(large.rawPayload).toString());
    expect(document.openapi).toMatch(/^3\./);
    expect(large.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 4);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
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
