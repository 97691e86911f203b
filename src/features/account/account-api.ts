import type * as v from 'valibot';
import type { InvitationSchema, RegisterRequest } from '../../../contract/schemas/account';
import type { AuthResponse } from '../../../contract/schemas/user';
import { anonymousRequest, api } from '../../data/http';

export type Invitation = v.InferOutput<typeof InvitationSchema>;

const guest = { retry: 0, ...anonymousRequest };

/** `GET /api/users/invitation`: who the sealed link invites, or 400 with why it is refused. */
export const fetchInvitation = (id: string, email: string) =>
  api.get('users/invitation', { searchParams: { id, email }, ...guest }).json<Invitation>();

/** `POST /api/users/register`: the invited user sets his password and is signed in. */
export const registerInvitedUser = (body: RegisterRequest) =>
  api.post('users/register', { json: body, ...guest }).json<AuthResponse>();

/** `POST /api/users/forgot-password`: the same answer whether the account exists or not. */
export const requestPasswordReset = (email: string) =>
  api.post('users/forgot-password', { json: { email }, ...guest }).json<{ message: string }>();

/** `GET /api/users/reset-token`: whose password the sealed link resets, or 400. */
export const fetchResetToken = (token: string) =>
  api.get('users/reset-token', { searchParams: { token }, ...guest }).json<{ email: string }>();

/** `POST /api/users/updateByEmail`: `email` carries the sealed token of the link (spec's field name). */
export const resetPassword = (token: string, password: string, confirmPassword: string) =>
  api
    .post('users/updateByEmail', { json: { email: token, password, confirmPassword }, ...guest })
    .json<{ message: string }>();
