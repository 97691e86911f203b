import * as v from 'valibot';
import { AuthResponseSchema, LoginRequestSchema, TokenLoginRequestSchema } from '../schemas/user';
import { endpoint } from './endpoint';

const tags = ['users'];

/**
 * Signing in. A table of its own because the sign-in page loads it up front and has a size budget;
 * it imports nothing the page does not already hold.
 */
export const sessionApi = {
  authenticate: endpoint({
    method: 'POST',
    path: '/users/authenticate',
    body: LoginRequestSchema,
    answer: AuthResponseSchema,
    errors: [401, 429],
    auth: 'public',
    summary: 'Sign in with email and password',
    tags,
  }),
  authenticateWithToken: endpoint({
    method: 'POST',
    path: '/users/authenticatewithtoken',
    body: TokenLoginRequestSchema,
    answer: AuthResponseSchema,
    errors: [401],
    auth: 'public',
    summary: 'Resume a session: a fresh token of the same session, never past its absolute end',
    tags,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/users/logout',
    answer: v.object({ message: v.string() }),
    auth: 'signedIn',
    summary: 'End this session: its token stops working and its sockets close',
    tags,
  }),
};
