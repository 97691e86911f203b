/**
 * Texts the server sends about the base data forms choose from (docs/base-data.md). Apart from the
 * core MSG (messages.ts) so that their translations load with the lift screens
 * (src/data/i18n/screen-server-messages.ts), not with the sign-in page.
 */
export const BASE_DATA_MSG = {
  baseEntryNotFound: 'Base data entry not found',
  baseKeyTaken: 'This key already exists in the category',
  baseEntriesDeactivated: 'Entries in use were deactivated instead of deleted',
} as const;
