import type { KnipConfig } from 'knip';

/**
 * Dead files, exports and dependencies (`npm run knip`, a step of `npm test`).
 *
 * Knip's plugins find most entry points themselves, so they are not repeated here (knip would
 * call them redundant): package.json scripts (server/main.ts, tools/check-catalogs.mjs,
 * tools/make-icons.mjs, tools/simulator/cli.ts, tools/bench/*), Vite (vite.config.ts, index.html
 * → src/main.tsx), vite-plugin-pwa (sw/sw.ts), TanStack Router (src/routeTree.gen.ts, an entry, so
 * its generated exports are never reported), Vitest (vitest.config.ts), Playwright
 * (playwright.config.ts) and Drizzle (drizzle.config.ts). Build output
 * and data (dist/, data/, .tmp/) are left out through .gitignore.
 */
const config: KnipConfig = {
  entry: [
    // TanStack file routes; the generated route tree imports them, but they are entries in their own right.
    'src/routes/**/*.tsx',
    // Run by tools/test-all.sh or by hand (see their headers), not by a package.json script.
    'tools/test-summary.mjs',
    // Read by the Lingui CLI and its Vite plugin; knip 6.42's Lingui plugin does not find it.
    'lingui.config.ts',
    'tools/i18n-apply.mjs',
    'tools/bench/*.{ts,mjs}',
    'tools/screenshots/*.ts',
    'tests/e2e/**/*.spec.ts',
    '**/*.test.{ts,tsx}',
  ],
  project: [
    'contract/**/*.ts',
    'server/**/*.ts',
    'src/**/*.{ts,tsx}',
    'sw/**/*.ts',
    'tests/**/*.ts',
    'tools/**/*.{ts,mts,mjs}',
    '*.ts',
  ],
  // Trees that tools/lint-boundaries.test.ts runs the linters over: dead on purpose.
  ignore: ['tools/lint-fixtures/**'],
  // Programs of the system: bench:files drops its files from the page cache with coreutils' dd;
  // tools/deploy/scratch-nginx.ts makes its certificate with Debian's openssl (tools/ensure-nginx.sh);
  // the offer PDF tests read the text with poppler's pdftotext (tests/server/helpers/pdf-text.ts),
  // the service report tests count a PDF's images with its pdfimages.
  ignoreBinaries: ['dd', 'openssl', 'pdftotext', 'pdfimages'],
  paths: {
    // Vite's alias for Chakra's theme one module per import (vite.config.ts, src/ui/chakra-theme.d.ts).
    'chakra-theme/*': ['./node_modules/@chakra-ui/react/dist/esm/theme/*'],
  },
  // Started from its path (tests/server/helpers/azurite.ts resolves azurite/package.json), never imported.
  ignoreDependencies: ['azurite'],
  // A schema or type composed into another of its file (LiftStatsSchema into LiftSchema) is part of
  // the contract's vocabulary, not dead; exports nobody uses at all are still reported.
  ignoreExportsUsedInFile: true,
};

export default config;
