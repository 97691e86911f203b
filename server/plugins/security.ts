import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import helmet from 'helmet';
import { definePlugin } from '../lib/define-plugin';

/**
 * Security headers with a real content security policy for the PWA: everything from our own
 * origin; inline styles only because Chakra/emotion inject them at run time.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // The sticker scanner compiles zxing's WebAssembly (src/features/scan/qr-detector.ts); no eval of scripts.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  // Lift files are shown from Blobs the page made of their checked bytes (PDF in a frame).
  frameSrc: ["'self'", 'blob:'],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/**
 * `'sha256-…'` sources for the inline scripts of a page (the built index.html's boot screen,
 * docs/performance.md#boot-screen): the policy allows exactly these, no other inline script.
 */
export function inlineScriptSources(html: string): string[] {
  const scripts = html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi);
  return [...scripts]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/**
 * The headers helmet sets for our options, worked out once: @fastify/helmet built helmet's
 * middleware anew for every request (the policy parsed each time), and even built once its chain
 * of a dozen middlewares cost more per request than a bare route's whole answer
 * (docs/api.md#lift-list). Nothing in the options depends on the request.
 */
function helmetHeaders(inlineScripts: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    // No helmet defaults: `upgrade-insecure-requests` would break a plain-HTTP LAN install.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...inlineScripts],
      },
    },
    frameguard: { action: 'deny' },
  })({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

export interface SecurityPluginOptions {
  /** The built web app, whose index.html's inline scripts the policy allows by their hash. */
  webDir: string;
}

export const securityPlugin = definePlugin<SecurityPluginOptions>('security', async (app, { webDir }) => {
  const indexHtml = path.join(webDir, 'index.html');
  const headers = helmetHeaders(
    existsSync(indexHtml) ? inlineScriptSources(readFileSync(indexHtml, 'utf8')) : [],
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
