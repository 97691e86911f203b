import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ServerMessage } from '../../contract/messages';

/**
 * Every text the server may send (contract MSG), as a Lingui message. Typed by ServerMessage, so a
 * new server text fails the type check until it is added (and translated) here.
 */
export const SERVER_MESSAGES: Record<ServerMessage, MessageDescriptor> = {
  'Min character length is 4': msg`Min character length is 4`,
  'This field is required': msg`This field is required`,
  'Please enter a valid email': msg`Please enter a valid email`,
  'Too long': msg`Too long`,
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
};

function isServerMessage(text: string): text is ServerMessage {
  return Object.hasOwn(SERVER_MESSAGES, text);
}

/** A server text in the active language; a text we do not know is shown as the server sent it. */
export function translateServerMessage(i18n: I18n, text: string): string {
  return isServerMessage(text) ? i18n._(SERVER_MESSAGES[text]) : text;
}
