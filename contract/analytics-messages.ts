/**
 * Texts the server sends about analytics and maintenance (docs/analytics.md, docs/maintenance.md),
 * apart from the core MSG so that their translations load with those screens; the browser
 * registers them in src/features/maintenance/analytics-messages.ts.
 */
export const ANALYTICS_MSG = {
  workDoneRequired: 'Describe the work done',
  invalidDate: 'Enter a date as YYYY-MM-DD, not in the future',
  invalidPhotoUrl: 'Photo links must start with https:// or /api/',
  stickerIdsInvalid: 'Choose between 1 and 200 lifts',
} as const;
