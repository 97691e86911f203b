/**
 * Texts the server sends about statutory inspections and their defects (docs/inspections.md). Apart
 * from the core MSG (messages.ts) so that their translations load with the lift screens
 * (src/data/i18n/screen-server-messages.ts), not with the sign-in page.
 */
export const INSPECTION_MSG = {
  invalidDate: 'Enter a date as YYYY-MM-DD, not in the future',
  invalidDeadline: 'Enter the deadline as YYYY-MM-DD, not before the inspection',
  bodyRequired: 'Name the inspection body',
  defectTextRequired: 'Describe the defect',
  defectsMissing: 'List the defects found, or choose “no defects”',
  defectsNotExpected: 'An inspection without defects lists none',
  fixNoteRequired: 'Describe what was done',
  defectNotFound: 'Defect not found',
  defectNotFixed: 'Only a fixed defect can be closed',
  inspectionNotFound: 'Inspection not found',
  reportNotFound: 'The report is not a stored file of this lift',
  reportTypeInvalid: 'The report must be a PDF or an image (JPEG, PNG)',
  photoNotFound: 'A photo is not a file of this lift',
} as const;
