import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Server tests run once per database: always on the embedded PGlite, and on PostgreSQL too when
 * TEST_DATABASE_URL names a server whose role may create databases (one per test file).
 * Playwright specs (tests/e2e) are not vitest's: no project includes them. Nor are the lint
 * fixtures (tools/lint-fixtures), trees that the tools' tests run linters over.
 */
const serverTests = ['server/**/*.test.ts', 'tests/server/**/*.test.ts'];

const serverProject = (database: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server:${database}`,
    include: serverTests,
    environment: 'node',
    env: { TEST_DB_KIND: database },
    globalSetup: ['tests/server/helpers/global-setup.ts'],
    // Hang guards, not speed checks: a test that seeds the demo or starts the server as a process
    // takes a few seconds alone and several times that with three files at a time on two cores.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a two-core machine, so files ran
    // one after another while most of a server test's time is spent waiting (the database, sockets,
    // child processes). Three at a time keeps both cores busy.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        test: { name: 'contract', include: ['contract/**/*.test.ts'], environment: 'node' },
      },
      {
        // The service worker's pure parts (its events need a browser: tests/e2e).
        test: { name: 'sw', include: ['sw/**/*.test.ts'], environment: 'node' },
      },
      {
        // The browser's tests need its Vite plugins (Lingui macros in particular).
        extends: './vite.config.ts',
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        test: {
          name: 'tools',
          include: ['tools/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tools/lint-fixtures/**'],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
