/**
 * Texts the server sends about maintenance visits and lift stickers (docs/maintenance.md). Apart
 * from the core MSG (messages.ts) so that their translations load with the lift screens
 * (src/data/i18n/screen-server-messages.ts), not with the sign-in page.
 */
export const MAINTENANCE_MSG = {
  workDoneRequired: 'Describe the work done',
  invalidDate: 'Enter a date as YYYY-MM-DD, not in the future',
  invalidPhotoUrl: 'Photo links must start with https:// or /api/',
  stickerIdsInvalid: 'Choose between 1 and 200 lifts',
} as const;
