import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** Sources whose texts go to the lazily loaded `screens` catalog. */
const SCREEN_SOURCES = [
  '<rootDir>/src/features/dashboard',
  '<rootDir>/src/features/lifts',
  '<rootDir>/src/features/errors',
  '<rootDir>/src/features/descriptions',
  '<rootDir>/src/features/device-console',
  '<rootDir>/src/features/logs',
  '<rootDir>/src/ui/ActionButtons.tsx',
  '<rootDir>/src/ui/AppDialog.tsx',
  '<rootDir>/src/ui/LiftBadges.tsx',
  '<rootDir>/src/ui/LoadFailure.tsx',
  '<rootDir>/src/ui/Pagination.tsx',
  '<rootDir>/src/ui/form-errors.ts',
];

/** msgids are the spec's English texts; German is the default language of the app. */
export default defineConfig({
  locales: ['de', 'en'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/routeTree.gen.ts',
        '**/*.test.ts',
        ...SCREEN_SOURCES.map((source) =>
          source.endsWith('.ts') || source.endsWith('.tsx') ? source : `${source}/**`,
        ),
      ],
    },
    // The lift screens' texts load with their routes (src/data/i18n.ts loadScreenCatalog), keeping
    // them off the sign-in page's first load, which has a size budget.
    {
      path: '<rootDir>/src/locales/{locale}/screens',
      include: SCREEN_SOURCES,
      exclude: ['**/*.test.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
