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
} as const;

export type ServerMessage = (typeof MSG)[keyof typeof MSG];
