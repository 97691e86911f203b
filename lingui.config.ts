import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** msgids are the spec's English texts; German is the default language of the app. */
export default defineConfig({
  locales: ['de', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '<rootDir>/src/routeTree.gen.ts', '**/*.test.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
