import fastifyCompress from '@fastify/compress';
import { definePlugin } from '../lib/define-plugin';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (JSON, text) with brotli or gzip, as the client accepts; a sync page of
 * 138 KiB becomes about a tenth. Files (PDF, images) go as they are: mostly compressed already,
 * and a range request must get the stored bytes. The built PWA comes precompressed
 * (tools/precompress.ts), so no request compresses it again (docs/api.md#compression).
 */
export const compressionPlugin = definePlugin('compression', async (app) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^(application\/(json|problem\+json)|text\/)/,
  });
});
