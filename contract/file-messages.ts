/**
 * Texts the server sends about stored files: containers, blobs and lift files (docs/files.md). Apart
 * from the core MSG (messages.ts) so that their translations load with the lift screens
 * (src/data/i18n/screen-server-messages.ts), not with the sign-in page.
 */
export const FILE_MSG = {
  containerNotFound: 'The specified container does not exist',
  blobNotFound: 'The specified blob does not exist',
  containerCannotDelete: "The Folder can't delete",
  containerReserved: 'This container is managed by the portal',
  invalidContainerName: 'Use 3 to 63 lower-case letters, digits and single hyphens',
  invalidFileName: 'This file name is not allowed',
  fileTooLarge: 'The file is too large',
  fileTypeInvalid: 'Only PDF, JPEG, PNG or GIF files are allowed',
  rangeNotSatisfiable: 'The requested range is not available',
  fileNotFound: 'File not found',
  fileUidTaken: 'This uid belongs to another file',
  fileUrlInvalid: 'Only https:// links or files of this portal are allowed',
} as const;
