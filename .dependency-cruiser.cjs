/**
 * Import boundaries, checked by `npm run lint` (`depcruise contract server src sw`). The table
 * "Where things live" in README.md says who may import whom; these rules hold the code to it.
 * Paths are relative to the working directory (the repository root). Type-only imports count
 * (`tsPreCompilationDeps`), and so do dynamic imports. tools/lint-boundaries.test.ts runs these
 * same rules over a small fixture tree (tools/lint-fixtures/boundaries) to prove they bite.
 */

/** Resolved paths outside our own folders: npm packages and Node's built-in modules. */
const npmOrCore = { pathNot: 'node_modules', dependencyTypesNot: ['core'] };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-not-to-web',
      comment:
        'The server never imports the PWA (src/) or the service worker (sw/); share through contract/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|sw)/' },
    },
    {
      name: 'web-not-to-server',
      comment: 'The PWA never imports the server, the tests or the tools; share through contract/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(server|sw|tests|tools)/' },
    },
    {
      name: 'feature-not-to-other-feature',
      comment:
        'A feature imports only itself. Move what two features share down into src/ui/, src/data/ or contract/.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-not-to-features-or-app',
      comment:
        'src/ui/ and src/data/ are shared layers below the features: they never import src/features/, src/app/ or src/routes/.',
      severity: 'error',
      from: { path: '^src/(ui|data)/' },
      to: { path: '^src/(features|app|routes)/' },
    },
    {
      name: 'feature-not-to-app',
      comment: 'Features sit below the app shell and the routes: they never import src/app/ or src/routes/.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/(app|routes)/' },
    },
    {
      name: 'sw-only-to-contract',
      comment: 'The service worker imports only contract/ and npm packages.',
      severity: 'error',
      from: { path: '^sw/' },
      to: { ...npmOrCore, pathNot: ['^(sw|contract)/', npmOrCore.pathNot] },
    },
    {
      name: 'contract-only-to-itself',
      comment: 'contract/ imports nothing of ours outside contract/ (npm packages are fine).',
      severity: 'error',
      from: { path: '^contract/' },
      to: { ...npmOrCore, pathNot: ['^contract/', npmOrCore.pathNot] },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles: a cycle ties two places together so that neither can be read, tested or moved alone. Move what both need into a third file.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'realtime-and-plugins-not-to-modules',
      comment:
        'server/realtime/ (socket plumbing) and server/plugins/ (cross-cutting concerns) sit below the domains and never import server/modules/: a domain hooks itself in (app.io, app.devices, app.jobs) instead.',
      severity: 'error',
      from: { path: '^server/(realtime|plugins)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
