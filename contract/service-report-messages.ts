/**
 * Texts the server sends about service reports (docs/service-reports.md). Apart from the core MSG
 * (messages.ts) so that their translations load with the lift screens
 * (src/data/i18n/screen-server-messages.ts), not with the sign-in page.
 */
export const REPORT_MSG = {
  workDoneRequired: 'Describe the work done',
  partNameRequired: 'Name the part',
  invalidQuantity: 'Enter a quantity above 0',
  invalidMinutes: 'Enter the minutes on site, 1 to 1440',
  signerRequired: 'Enter the name of the person signing',
  signatureRequired: 'The customer’s signature is missing',
  invalidSignedAt: 'The time of signing is not valid',
  reportIdTaken: 'This report id belongs to another report',
  visitNotFound: 'The maintenance visit was not found for this lift',
  alarmNotFound: 'The alarm was not found for this lift',
  photoNotFound: 'A photo is not a file of this lift',
} as const;
