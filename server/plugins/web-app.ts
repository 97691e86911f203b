import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { definePlugin } from '../lib/define-plugin';
import { notFound } from '../lib/http-error';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export interface WebAppPluginOptions {
  webDir: string;
}

/**
 * A PWA route the shell answers: not the API, not the socket, and not a missing file (a path
 * whose last segment has an extension, such as a stale `/assets/old-chunk.js`, stays a 404).
 */
function isAppNavigation(request: FastifyRequest): boolean {
  const pathname = request.url.split('?', 1)[0] ?? '';
  if (/^\/(api|socket\.io)(\/|$)/.test(pathname)) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built PWA. Vite's hashed files under `assets/` never change, so browsers keep
 * them for a year; everything else (index.html, sw.js, manifest, registerSW.js) is revalidated
 * on every use so a new release is picked up. Unknown navigations get index.html (SPA routing).
 */
export const webAppPlugin = definePlugin<WebAppPluginOptions>('web-app', async (app, { webDir }) => {
  if (!existsSync(path.join(webDir, 'index.html'))) {
    app.log.info({ webDir }, 'no built web app found; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    // The build's `.br` and `.gz` beside each file (tools/precompress.ts), to browsers that take them.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const isHashedAsset = path.relative(webDir, filePath).split(path.sep)[0] === 'assets';
      reply.header('cache-control', isHashedAsset ? IMMUTABLE : NO_CACHE);
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (!isAppNavigation(request)) throw notFound();
    return reply.header('cache-control', NO_CACHE).sendFile('index.html');
  });
});
