/**
 * Texts the server sends about the JSON settings (docs/settings.md). Apart from the core MSG
 * (messages.ts) so that their translations load with the lift screens
 * (src/data/i18n/screen-server-messages.ts), not with the sign-in page.
 */
export const SETTINGS_MSG = {
  settingsNotJson: 'The settings are not valid JSON',
  settingsInvalid: 'The settings do not match the schema',
  settingsVersionNotFound: 'Settings version not found',
} as const;
