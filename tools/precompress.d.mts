import type { Plugin } from 'vite';

/** Brotli and gzip copies of the build's text files (tools/precompress.mjs). */
export declare function precompress(): Plugin;
