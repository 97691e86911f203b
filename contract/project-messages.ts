/**
 * Texts the server sends about projects, base data and the JSON settings (docs/projects.md,
 * docs/base-data.md, docs/settings.md). Kept apart from the core MSG so that their translations
 * load with these screens; the browser registers them in src/features/projects/project-messages.ts.
 */
export const PROJECT_MSG = {
  projectNotFound: 'Requested project do not exist.',
  transitionRefused: 'This state change is not allowed',
  saved: 'Saved successfully',
  offerMailFailed: 'The offer could not be mailed. Please try again.',
  itemsStaffOnly: 'Only the lift company changes line items, designs and cables',
  customerEditClosed: 'The request can no longer be changed',
  customerRequired: 'The project needs a customer',
  liftUnknown: 'No lift of this customer has this ID',
  liftNamedTwice: 'This lift is already named in the project',
  driveTypeUnknown: 'Choose an active drive type',
  cableLiftUnknown: "The cable belongs to none of the project's lifts",
  baseEntryNotFound: 'Base data entry not found',
  baseKeyTaken: 'This key already exists in the category',
  baseEntriesDeactivated: 'Entries in use were deactivated instead of deleted',
  settingsNotJson: 'The settings are not valid JSON',
  settingsInvalid: 'The settings do not match the schema',
  settingsVersionNotFound: 'Settings version not found',
} as const;
