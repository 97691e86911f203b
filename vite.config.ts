import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chakraGlobalCss } from './tools/chakra-global-css';
import { precompress } from './tools/precompress.mjs';

const API_TARGET = 'http://localhost:3000';

/**
 * Routes bundled with the entry instead of split: the sign-in page is the first thing most
 * visitors need, and one chunk compresses better than a dozen small shared ones (size budget).
 */
const UNSPLIT_ROUTE_IDS = new Set(['/_guest', '/_guest/login']);

/** Lingui macros are Babel-only: run them just on the files that import a `@lingui/.../macro`. */
const linguiMacroPreset = defineRolldownBabelPreset({
  preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  rolldown: {
    filter: { code: /from ['"]@lingui\/[\w-]+\/macro['"]/ },
  },
});

/**
 * Lazy chunks whose imports the first-load chunk preloads with them: the ones signing in needs
 * (the sign-in rules, the HTTP client and session start, the shell, the landing page), and the
 * lift list's, a service man's page to open with (0.4 KB gzip; its imports are five levels deep:
 * five waves of requests without the list, docs/performance.md#first-visit-of-the-lift-list).
 * For the other ~50 lazy routes the list of their imports would cost the first load ~2 KB gzip
 * (docs/performance.md); the browser finds their imports when the chunk arrives, the router
 * fetches a route's chunk on hover (`defaultPreload: 'intent'`), and the service worker
 * precaches them all.
 */
const SIGN_IN_PATH_CHUNKS = /^assets\/(auth|login-rules|_app|my-devices|lifts\.index)-[\w-]+\.js$/;
const FIRST_LOAD_CHUNK = /^assets\/initial-[\w-]+\.js$/;
/**
 * Modules up to this size (bytes) that several lazy chunks share go into one `shared` chunk: the
 * screens' own (src/ui, src/features) and the UI kit's (Chakra, Ark, Zag, lucide's icons). Not
 * contract/ and src/data/: what the sign-in page loads after it is usable (the service worker's
 * registration) imports from those, and would bring the whole chunk. Charts, sheets and the scanner
 * are large libraries made of small modules, and stay with the pages that use them.
 */
const SHARED_MODULE_MAX_BYTES = 4096;
const SHARED_MODULES =
  /([\\/]src[\\/](ui|features)[\\/]|[\\/]node_modules[\\/](lucide-react|@ark-ui|@zag-js|@chakra-ui|@floating-ui|@internationalized)[\\/])/;
function preloadOnSignInPath(filename: string, deps: string[], { hostId }: { hostId: string }): string[] {
  return !FIRST_LOAD_CHUNK.test(hostId) || SIGN_IN_PATH_CHUNKS.test(filename) ? deps : [];
}

/**
 * `@emotion/react` imports hoist-non-react-statics bare (for `withTheme`, which we never use); as
 * CommonJS without a `sideEffects` field it would stay, with react-is, ~1.2 KB gzip on the first
 * load. Both only export functions. Anything else: what its package.json says (undefined).
 */
const PURE_PACKAGES = /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/;
const sideEffectsOf = (id: string): boolean | undefined => (PURE_PACKAGES.test(id) ? false : undefined);

const CHAKRA_THEME_DIR = fileURLToPath(
  new URL('./node_modules/@chakra-ui/react/dist/esm/theme/', import.meta.url),
);

const alias = [
  // Chakra's theme one module per import (typed in src/ui/chakra-theme.d.ts): through the
  // '@chakra-ui/react/theme' barrel every recipe used anywhere lands in the first load.
  { find: /^chakra-theme\/([\w/-]+)$/, replacement: `${CHAKRA_THEME_DIR}$1.js` },
  // The shim re-implements useSyncExternalStore for React < 18; React 19 has it built in, and the
  // package's plain entry uses that (docs/performance.md).
  {
    find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
    replacement: 'use-sync-external-store/with-selector.js',
  },
];

export default defineConfig({
  resolve: { alias },
  plugins: [
    precompress(),
    chakraGlobalCss({ alias }),
    // Must run before the React plugin so the generated route tree and split chunks are transformed.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (UNSPLIT_ROUTE_IDS.has(routeId) ? [] : undefined),
      },
      quoteStyle: 'single',
    }),
    babel({ presets: [linguiMacroPreset] }),
    react(),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registered by src/app/pwa with workbox-window: no inline script (CSP `script-src 'self'`).
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Lift-Portal',
        short_name: 'Lifts',
        // German is the portal's default language; the manifest has one language (vite-plugin-pwa
        // offers no per-language manifest), so it speaks German like the first screen.
        description: 'Cloud-Portal für Aufzüge mit IoT-Steuerungen',
        lang: 'de',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1e3a5f',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // wasm: the sticker scanner's zxing reader, so that scanning works offline (docs/today.md).
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest,wasm}'],
        // The zxing reader is about 1.1 MB; Workbox skips files above 2 MB by default.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // The build manifest is for tooling, not for the browser.
        globIgnores: ['.vite/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // The first load is held to its gzip budget by tools/bench/size.mjs; one chunk of ~510 kB raw is intended.
    chunkSizeWarningLimit: 600,
    // Every browser with ES2022 has modulepreload: the polyfill would only cost bytes.
    modulePreload: { polyfill: false, resolveDependencies: preloadOnSignInPath },
    rolldownOptions: {
      treeshake: { moduleSideEffects: sideEffectsOf },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry loads statically in one chunk: fewer requests, better compression.
            { name: 'initial', tags: ['$initial'] },
            // Small modules the lazy chunks share (icons, labels, Chakra's parts, our ui/ and feature
            // modules) in one chunk instead of one each: a first signed-in visit asked for ~110
            // scripts, 75 of them under 2 KB, one round trip per six (docs/performance.md#lighthouse).
            {
              name: 'shared',
              test: SHARED_MODULES,
              minShareCount: 4,
              maxModuleSize: SHARED_MODULE_MAX_BYTES,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
});
