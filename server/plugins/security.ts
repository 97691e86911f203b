import helmet from 'helmet';
import { definePlugin } from '../lib/define-plugin';

/**
 * Security headers with a real content security policy for the PWA: everything from our own
 * origin; inline styles only because Chakra/emotion inject them at run time.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
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
 * Helmet's middleware, built once: @fastify/helmet built it anew for every request (the policy
 * parsed each time), about a tenth of a lift list request's server time (docs/api.md#lift-list).
 */
export const securityPlugin = definePlugin('security', async (app) => {
  const setSecurityHeaders = helmet({
    // No helmet defaults: `upgrade-insecure-requests` would break a plain-HTTP LAN install.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
});
