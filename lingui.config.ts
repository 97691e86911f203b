import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** The lift screens' sources, whose texts go to the lazily loaded `screens` catalog. */
const SCREEN_SOURCES = [
  '<rootDir>/src/features/dashboard',
  '<rootDir>/src/features/lifts',
  '<rootDir>/src/features/errors',
  '<rootDir>/src/features/descriptions',
  '<rootDir>/src/features/device-console',
  '<rootDir>/src/features/logs',
  '<rootDir>/src/features/sims',
  '<rootDir>/src/features/alarms',
  '<rootDir>/src/features/outbox',
  '<rootDir>/src/features/analytics',
  '<rootDir>/src/features/maintenance',
  '<rootDir>/src/features/inspections',
  '<rootDir>/src/features/service-reports',
  '<rootDir>/src/features/early-warnings',
  '<rootDir>/src/features/projects',
  '<rootDir>/src/features/base',
  '<rootDir>/src/features/settings',
  '<rootDir>/src/features/tableau',
  '<rootDir>/src/features/today/TodayPage.tsx',
  // The toolbar's scan button loads this catalog with it (src/app/shell/AppShell.tsx).
  '<rootDir>/src/features/scan',
  '<rootDir>/src/ui/alarm-name.ts',
  '<rootDir>/src/ui/ActionButtons.tsx',
  '<rootDir>/src/ui/AppDialog.tsx',
  '<rootDir>/src/ui/LiftBadges.tsx',
  '<rootDir>/src/ui/LoadFailure.tsx',
  '<rootDir>/src/ui/Pagination.tsx',
  '<rootDir>/src/ui/Photos.tsx',
  '<rootDir>/src/ui/form-errors.ts',
  // The domains' server texts (src/data/i18n/server-messages.ts looks them up once this catalog is in).
  '<rootDir>/src/data/i18n/screen-server-messages.ts',
];

/**
 * Catalogs loaded with their routes (src/data/i18n/i18n/i18n.ts `loadCatalog`), keeping their texts off the
 * sign-in page's first load, which has a size budget. Everything else goes to `messages` (eager).
 */
const LAZY_CATALOGS: Record<string, string[]> = {
  screens: SCREEN_SOURCES,
  accounts: [
    '<rootDir>/src/features/users',
    '<rootDir>/src/features/account',
    '<rootDir>/src/features/profile',
    '<rootDir>/src/features/mail-outbox',
    '<rootDir>/src/ui/notification-labels.ts',
    // Also in `screens`: the guest pages (register, reset) load only this catalog.
    '<rootDir>/src/ui/LoadFailure.tsx',
    '<rootDir>/src/ui/form-errors.ts',
  ],
  people: ['<rootDir>/src/features/chat', '<rootDir>/src/features/contacts'],
  // The signed-in shell (menu, toolbar), loaded by the `_app` route; the sign-in page's own parts
  // of src/app/shell (GuestLayout, Brand, LanguageMenu) stay in `messages`.
  shell: [
    '<rootDir>/src/app/navigation.ts',
    '<rootDir>/src/app/shell/AppShell.tsx',
    '<rootDir>/src/app/shell/DesignEditorLink.tsx',
    '<rootDir>/src/app/shell/FullscreenToggle.tsx',
    '<rootDir>/src/app/shell/HorizontalNavigation.tsx',
    '<rootDir>/src/app/shell/NavItemBadge.tsx',
    '<rootDir>/src/app/shell/ShortcutBar.tsx',
    '<rootDir>/src/app/shell/UserMenu.tsx',
    '<rootDir>/src/app/shell/VerticalNavigation.tsx',
    '<rootDir>/src/features/today/TodayBadge.tsx',
  ],
  offline: ['<rootDir>/src/features/offline'],
};

const asGlob = (source: string) =>
  source.endsWith('.ts') || source.endsWith('.tsx') ? source : `${source}/**`;

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
        ...Object.values(LAZY_CATALOGS).flat().map(asGlob),
      ],
    },
    ...Object.entries(LAZY_CATALOGS).map(([name, include]) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include,
      exclude: ['**/*.test.ts'],
    })),
  ],
  format: formatter({ lineNumbers: false }),
});
