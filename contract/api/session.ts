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
    summary: 'Resume a session: exchange a valid token for a fresh one',
    tags,
  }),
};
