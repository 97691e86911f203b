import { accountsApi } from '../../../contract/api/accounts';
import type { AnswerOf } from '../../../contract/api/endpoint';
import type { RegisterRequest } from '../../../contract/schemas/account';
import type { AuthResponse } from '../../../contract/schemas/user';
import { type CallOptions, call } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';

export type Invitation = AnswerOf<typeof accountsApi.invitation>;

const guest: CallOptions = { retry: 0, anonymous: true };

/** `GET /api/users/invitation`: who the sealed link invites, or 400 with why it is refused. */
export const useInvitation = (sealedId: string, sealedEmail: string) =>
  useApiQuery(accountsApi.invitation, { query: { id: sealedId, email: sealedEmail } });

/**
 * `POST /api/users/updateByEmail` with the sealed `id` and `email` of `/register/:id/:email`: the
 * invited user sets his password, becomes active and is signed in.
 */
export async function registerInvitedUser(body: RegisterRequest): Promise<AuthResponse> {
  const answer = await call(accountsApi.updateByEmail, { body }, guest);
  if (!('access_token' in answer)) throw new Error('The registration answered without a session');
  return answer;
}

/** `POST /api/users/forgot-password`: the same answer whether the account exists or not. */
export const requestPasswordReset = (email: string) =>
  call(accountsApi.forgotPassword, { body: { email } }, guest);

/** `POST /api/users/updateByEmail` without `id`: `email` carries the sealed token of the reset link. */
export async function resetPassword(token: string, password: string, confirmPassword: string) {
  const answer = await call(
    accountsApi.updateByEmail,
    { body: { email: token, password, confirmPassword } },
    guest,
  );
  if (!('message' in answer)) throw new Error('The password reset answered a session');
  return answer;
}
