/**
 * Texts the server sends in `message` and `fieldErrors` (spec §5, §8). They are English source
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
} as const;

export type ServerMessage = (typeof MSG)[keyof typeof MSG];
