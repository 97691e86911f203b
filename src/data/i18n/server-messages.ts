import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CoreServerMessage, ServerMessage } from '../../../contract/messages';
import { SCREEN_SERVER_MESSAGES } from './screen-server-messages';

/**
 * The core texts the server may send (contract MSG), as Lingui messages; their translations are in
 * the `messages` catalog, loaded up front. Typed by CoreServerMessage, so a new core text fails the
 * type check until it is added here.
 */
export const SERVER_MESSAGES: Record<CoreServerMessage, MessageDescriptor> = {
  'Min character length is 4': msg`Min character length is 4`,
  'This field is required': msg`This field is required`,
  'Please enter a valid email': msg`Please enter a valid email`,
  'Too long': msg`Too long`,
  'You are signed out.': msg`You are signed out.`,
  'Only https:// links are allowed': msg`Only https:// links are allowed`,
  'The reading is dated outside the accepted time window': msg`The reading is dated outside the accepted time window`,
  'The quantity may be at most 10,000': msg`The quantity may be at most 10,000`,
  'The unit price may be at most 10,000,000.00 €': msg`The unit price may be at most 10,000,000.00 €`,
  'Invalid value': msg`Invalid value`,
  'Wrong email or password': msg`Wrong email or password`,
  'This account is disabled': msg`This account is disabled`,
  'Token expired': msg`Token expired`,
  'Invalid access_token': msg`Invalid access_token`,
  'Failed to login with token.': msg`Failed to login with token.`,
  'You are not allowed to do this': msg`You are not allowed to do this`,
  'Not found': msg`Not found`,
  'User not found': msg`User not found`,
  'Too many sign-in attempts. Please wait a minute and try again.': msg`Too many sign-in attempts. Please wait a minute and try again.`,
  'Too many requests. Please wait a moment and try again.': msg`Too many requests. Please wait a moment and try again.`,
  'You have sent too many emails in the last hour. Please try again later.': msg`You have sent too many emails in the last hour. Please try again later.`,
  'This address has received too many emails in the last hour. Please try again later.': msg`This address has received too many emails in the last hour. Please try again later.`,
  'The request is invalid': msg`The request is invalid`,
  'The request is too large': msg`The request is too large`,
  'Unsupported content type': msg`Unsupported content type`,
  'Something went wrong on the server': msg`Something went wrong on the server`,
  'An IMEI has 15 digits': msg`An IMEI has 15 digits`,
  'ID is required': msg`ID is required`,
  'Address is required': msg`Address is required`,
  'Must have at least 1 customer': msg`Must have at least 1 customer`,
  'Name is required': msg`Name is required`,
  'Message type is required': msg`Message type is required`,
  'Lift not found': msg`Lift not found`,
  'A lift with this IMEI already exists': msg`A lift with this IMEI already exists`,
  'A lift with this ID already exists': msg`A lift with this ID already exists`,
  'A description with this number already exists': msg`A description with this number already exists`,
  'Unknown user': msg`Unknown user`,
  'This user is not a customer': msg`This user is not a customer`,
  'This user is not a service man': msg`This user is not a service man`,
  'Changed by someone else in the meantime': msg`Changed by someone else in the meantime`,
  'The Idempotency-Key header must be 1 to 200 visible ASCII characters': msg`The Idempotency-Key header must be 1 to 200 visible ASCII characters`,
  'This Idempotency-Key was already used for another request': msg`This Idempotency-Key was already used for another request`,
  'This request is still being processed': msg`This request is still being processed`,
  'The controller is not connected': msg`The controller is not connected`,
  'The controller did not answer in time': msg`The controller did not answer in time`,
  'Deleted Successfully': msg`Deleted Successfully`,
  'Role is required': msg`Role is required`,
  'Email is required': msg`Email is required`,
  'Email must be a valid email address': msg`Email must be a valid email address`,
  'Phone number is required': msg`Phone number is required`,
  'Please enter only number': msg`Please enter only number`,
  'Passwords do not match': msg`Passwords do not match`,
  'The password needs at least 8 characters': msg`The password needs at least 8 characters`,
  'A user with this email already exists': msg`A user with this email already exists`,
  'User data updated': msg`User data updated`,
  'You sent an invitation successfully!': msg`You sent an invitation successfully!`,
  'This user has already registered': msg`This user has already registered`,
  'This link is invalid.': msg`This link is invalid.`,
  'This link has expired.': msg`This link has expired.`,
  'This link was already used.': msg`This link was already used.`,
  'If an account exists for this email, we have sent a link to reset the password.': msg`If an account exists for this email, we have sent a link to reset the password.`,
  'Your password has been changed.': msg`Your password has been changed.`,
  'The current password is wrong': msg`The current password is wrong`,
  'Only JPEG, PNG or GIF images are allowed': msg`Only JPEG, PNG or GIF images are allowed`,
  'The image is larger than 2 MB': msg`The image is larger than 2 MB`,
  'Sent an email!': msg`Sent an email!`,
  'Please enter a message': msg`Please enter a message`,
  'Contact not found': msg`Contact not found`,
  'The settings are nested too deeply': msg`The settings are nested too deeply`,
};

/**
 * Every text the server may send, as a Lingui message: the core ones and the domains'
 * (src/data/i18n/screen-server-messages.ts), whose translations are in the `screens` catalog.
 */
const ALL_SERVER_MESSAGES: Readonly<Record<ServerMessage, MessageDescriptor>> = {
  ...SERVER_MESSAGES,
  ...SCREEN_SERVER_MESSAGES,
};

function isServerMessage(text: string): text is ServerMessage {
  return Object.hasOwn(ALL_SERVER_MESSAGES, text);
}

/**
 * A server text in the active language, as soon as the catalog that holds its translation is
 * loaded (src/data/i18n/i18n/i18n.ts), whichever page loaded it. Until then, and for a text we do not know,
 * it is shown as the server sent it.
 */
export function translateServerMessage(i18n: I18n, text: string): string {
  if (!isServerMessage(text)) return text;
  const descriptor = ALL_SERVER_MESSAGES[text];
  // Checked first: a production build keeps only the message's id, which `_` shows when missing.
  return Object.hasOwn(i18n.messages, descriptor.id) ? i18n._(descriptor) : text;
}
