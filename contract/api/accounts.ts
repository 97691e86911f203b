import {
  ForgotPasswordRequestSchema,
  InvitationQuerySchema,
  InvitationSchema,
  MessageResponseSchema,
  ResetTokenInfoSchema,
  ResetTokenQuerySchema,
  UpdateByEmailAnswerSchema,
  UpdateByEmailRequestSchema,
} from '../schemas/account';
import { endpoint } from './endpoint';

const tags = ['accounts'];

/**
 * What a guest does with a mailed link: register from an invitation, ask for and use a password
 * reset link. Every link is a sealed token that works once.
 */
export const accountsApi = {
  invitation: endpoint({
    method: 'GET',
    path: '/users/invitation',
    query: InvitationQuerySchema,
    answer: InvitationSchema,
    auth: 'public',
    summary: 'Who an invitation link is for (the register page shows the email read-only)',
    tags,
  }),
  updateByEmail: endpoint({
    method: 'POST',
    path: '/users/updateByEmail',
    aliases: ['/user-app/user/update-user-by-email', '/user-app/update-user-by-email'],
    body: UpdateByEmailRequestSchema,
    answer: UpdateByEmailAnswerSchema,
    errors: [429],
    auth: 'public',
    summary:
      'Complete a registration (`id` and `email`: the sealed parts of the invitation link; the user becomes active and is signed in) or, without `id`, choose a new password with a reset token sent in `email`',
    tags,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/users/forgot-password',
    body: ForgotPasswordRequestSchema,
    answer: MessageResponseSchema,
    errors: [429],
    auth: 'public',
    summary: 'Mail a password reset link; the answer is the same whether the email exists or not',
    tags,
  }),
  resetToken: endpoint({
    method: 'GET',
    path: '/users/reset-token',
    query: ResetTokenQuerySchema,
    answer: ResetTokenInfoSchema,
    auth: 'public',
    summary: 'Whose password a reset link changes',
    tags,
  }),
};
