import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * The headers helmet sets for our options, worked out once: @fastify/helmet built helmet's
 * middleware anew for every request (the policy parsed each time), and even built once its chain
 * of a dozen middlewares cost more per request than a bare route's whole answer
 * (docs/api.md#lift-list). Nothing in the options depends on the request.
 */
function helmetHeaders(): Record<string, string> {
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
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
  })({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

export const securityPlugin = definePlugin('security', async (app) => {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
