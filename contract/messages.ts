import type { ALARM_MSG } from './alarm-messages';
import type { BASE_DATA_MSG } from './base-data-messages';
import type { FILE_MSG } from './file-messages';
import type { INSPECTION_MSG } from './inspection-messages';
import type { MAINTENANCE_MSG } from './maintenance-messages';
import type { OUTBOX_MSG } from './outbox-messages';
import type { PROJECT_MSG } from './project-messages';
import type { REPORT_MSG } from './service-report-messages';
import type { SETTINGS_MSG } from './settings-messages';
import type { SIM_MSG } from './sim-messages';
import type { TABLEAU_MSG } from './tableau-messages';

/**
 * Texts the server sends in `message` and `fieldErrors` (docs/spec-texts.md#validation-messages and #messages-toasts-and-error-pages). They are English source
 * strings; the browser translates each one through its Lingui catalog before showing it.
 * Add new server texts here, never as string literals in a route.
 */
export const MSG = {
  minLength4: 'Min character length is 4',
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email',
  tooLong: 'Too long',
  invalidValue: 'Invalid value',
  invalidCredentials: 'Wrong email or password',
  accountDisabled: 'This account is disabled',
  tokenExpired: 'Token expired',
  invalidToken: 'Invalid access_token',
  failedTokenLogin: 'Failed to login with token.',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  userNotFound: 'User not found',
  tooManyLogins: 'Too many sign-in attempts. Please wait a minute and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyMailsSent: 'You have sent too many emails in the last hour. Please try again later.',
  tooManyMailsToAddress:
    'This address has received too many emails in the last hour. Please try again later.',
  invalidRequest: 'The request is invalid',
  payloadTooLarge: 'The request is too large',
  unsupportedMediaType: 'Unsupported content type',
  serverError: 'Something went wrong on the server',
  invalidImei: 'An IMEI has 15 digits',
  liftIdRequired: 'ID is required',
  addressRequired: 'Address is required',
  atLeastOneCustomer: 'Must have at least 1 customer',
  nameRequired: 'Name is required',
  messageTypeRequired: 'Message type is required',
  liftNotFound: 'Lift not found',
  duplicateImei: 'A lift with this IMEI already exists',
  duplicateUid: 'A lift with this ID already exists',
  duplicateNumber: 'A description with this number already exists',
  unknownUser: 'Unknown user',
  notACustomer: 'This user is not a customer',
  notAServiceman: 'This user is not a service man',
  staleVersion: 'Changed by someone else in the meantime',
  invalidIdempotencyKey: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another request',
  stillProcessing: 'This request is still being processed',
  deviceOffline: 'The controller is not connected',
  deviceTimeout: 'The controller did not answer in time',
  deleted: 'Deleted Successfully',
  roleRequired: 'Role is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be a valid email address',
  phoneRequired: 'Phone number is required',
  onlyNumbers: 'Please enter only number',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'The password needs at least 8 characters',
  emailTaken: 'A user with this email already exists',
  userUpdated: 'User data updated',
  invitationSent: 'You sent an invitation successfully!',
  alreadyRegistered: 'This user has already registered',
  linkInvalid: 'This link is invalid.',
  linkExpired: 'This link has expired.',
  linkUsed: 'This link was already used.',
  resetMailSent: 'If an account exists for this email, we have sent a link to reset the password.',
  passwordChanged: 'Your password has been changed.',
  wrongCurrentPassword: 'The current password is wrong',
  imageTypeInvalid: 'Only JPEG, PNG or GIF images are allowed',
  imageTooLarge: 'The image is larger than 2 MB',
  emailSent: 'Sent an email!',
  messageRequired: 'Please enter a message',
  contactNotFound: 'Contact not found',
  settingsTooDeep: 'The settings are nested too deeply',
  signedOut: 'You are signed out.',
  httpsLinksOnly: 'Only https:// links are allowed',
  readingTimeOutOfRange: 'The reading is dated outside the accepted time window',
  itemQuantityTooLarge: 'The quantity may be at most 10,000',
  itemPriceTooLarge: 'The unit price may be at most 10,000,000.00 €',
} as const;

/** The texts every page may show; the browser keeps their translations on its first load. */
export type CoreServerMessage = (typeof MSG)[keyof typeof MSG];

/** The texts of one table of server texts. */
type TextOf<Table> = Table[keyof Table];

/**
 * The texts of each domain's own table (`SIM_MSG` in sim-messages.ts, `FILE_MSG` in
 * file-messages.ts, ...), whose translations load with the lift screens' catalog
 * (src/data/i18n/screen-server-messages.ts), not with the sign-in page.
 */
export type DomainServerMessage =
  | TextOf<typeof ALARM_MSG>
  | TextOf<typeof BASE_DATA_MSG>
  | TextOf<typeof FILE_MSG>
  | TextOf<typeof INSPECTION_MSG>
  | TextOf<typeof MAINTENANCE_MSG>
  | TextOf<typeof OUTBOX_MSG>
  | TextOf<typeof PROJECT_MSG>
  | TextOf<typeof REPORT_MSG>
  | TextOf<typeof SETTINGS_MSG>
  | TextOf<typeof SIM_MSG>
  | TextOf<typeof TABLEAU_MSG>;

/** Every text the server may send: the core ones above and each domain's own. */
export type ServerMessage = CoreServerMessage | DomainServerMessage;
