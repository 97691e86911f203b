import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG, type ServerMessage } from '../../../contract/messages';
import {
  ForgotPasswordRequestSchema,
  InvitationQuerySchema,
  InvitationSchema,
  MessageResponseSchema,
  RegisterRequestSchema,
  ResetTokenInfoSchema,
  ResetTokenQuerySchema,
  ResetTokenSchema,
  UpdateByEmailRequestSchema,
} from '../../../contract/schemas/account';
import { AuthResponseSchema } from '../../../contract/schemas/user';
import { type UserRow, users as usersTable } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { createSealedTokens, type SealedPayload } from '../../lib/sealed-token';
import { currentUser } from '../../plugins/auth';
import { requestRateLimit } from '../../plugins/rate-limit';
import type { ValibotTypeProvider } from '../../plugins/validation';
import { STAFF_ROOM } from '../../realtime/rooms';
import { linkRefusal, passwordFingerprint, resetToken, sendPasswordReset } from '../users/invitation';
import { hashPassword } from '../users/password';
import { toUser } from '../users/user-mapper';
import { createUsersRepository } from '../users/users.repository';

export interface AccountsRoutesOptions {
  authSecret: string;
  publicUrl: string;
  passwordResetRateLimit: number;
  registerRateLimit: number;
  /** Tests mint expired links with an earlier clock; the server uses the real one. */
  now?: () => number;
}

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));
const refused = (message: ServerMessage) => new HttpError(400, message);

/**
 * What a guest does with a mailed link: register from an invitation, ask for and use a password
 * reset link. Every link is a sealed token (server/lib/sealed-token.ts) that works once.
 */
export const accountsRoutes: FastifyPluginAsync<AccountsRoutesOptions> = async (base, options) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();
  const users = createUsersRepository(app.db);
  const tokens = createSealedTokens(options.authSecret, options.now);
  const perAddress = (max: number) => requestRateLimit(max, (request) => request.ip);

  /** The invited user both halves of `/register/:id/:email` name; 400 with the reason otherwise. */
  async function openInvitation(
    sealedId: string,
    sealedEmail: string,
  ): Promise<{ user: UserRow; payload: SealedPayload }> {
    const id = tokens.open(sealedId, 'invitation-id');
    if (!id.ok) throw refused(linkRefusal(id));
    const email = tokens.open(sealedEmail, 'invitation-email');
    if (!email.ok) throw refused(linkRefusal(email));
    if (id.payload.jti !== email.payload.jti) throw refused(MSG.linkInvalid);
    const user = await users.findById(id.payload.subject);
    if (!user || user.email !== email.payload.subject) throw refused(MSG.linkInvalid);
    if (user.status !== 'invited' || (await users.isTokenUsed(id.payload.jti))) throw refused(MSG.linkUsed);
    return { user, payload: id.payload };
  }

  /** The active user a reset token is for, while his password is still the one it was issued for. */
  async function openResetToken(token: string): Promise<{ user: UserRow; payload: SealedPayload }> {
    const opened = tokens.open(token, 'reset');
    if (!opened.ok) throw refused(linkRefusal(opened));
    const user = await users.findById(opened.payload.subject);
    if (user?.status !== 'active') throw refused(MSG.linkInvalid);
    if (
      opened.payload.fingerprint !== passwordFingerprint(user.passwordHash) ||
      (await users.isTokenUsed(opened.payload.jti))
    ) {
      throw refused(MSG.linkUsed);
    }
    return { user, payload: opened.payload };
  }

  app.get(
    '/users/invitation',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Who an invitation link is for (the register page shows the email read-only)',
        querystring: InvitationQuerySchema,
        response: { 200: InvitationSchema, ...errors(400) },
      },
    },
    async (request) => {
      const { user } = await openInvitation(request.query.id, request.query.email);
      return { email: user.email, displayName: user.displayName };
    },
  );

  app.post(
    '/users/register',
    {
      config: perAddress(options.registerRateLimit),
      schema: {
        tags: ['accounts'],
        summary: 'Register from an invitation link: the user becomes active and is signed in',
        body: RegisterRequestSchema,
        response: { 200: AuthResponseSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { id, email, displayName, phoneNumber, password } = request.body;
      const { user, payload } = await openInvitation(id, email);
      const passwordHash = await hashPassword(password);
      const registered = await app.db.transaction(async (tx) => {
        const repository = createUsersRepository(tx);
        if (!(await repository.useToken(payload.jti, payload.exp))) return undefined;
        const [row] = await tx
          .update(usersTable)
          .set({
            displayName,
            phoneNumber,
            passwordHash,
            status: 'active',
            version: sql`${usersTable.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(usersTable.id, user.id), eq(usersTable.status, 'invited')))
          .returning();
        return row;
      });
      if (!registered) throw refused(MSG.linkUsed);
      app.io.to(STAFF_ROOM).emit('reload', { entity: 'users' });
      return { user: toUser(registered), access_token: app.accessTokens.issue(registered) };
    },
  );

  app.post(
    '/users/forgot-password',
    {
      config: requestRateLimit(options.passwordResetRateLimit),
      schema: {
        tags: ['accounts'],
        summary: 'Mail a password reset link; the answer is the same whether the email exists or not',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const user = await users.findByEmail(request.body.email);
      if (user?.status === 'active') {
        // Not awaited: the answer must not take longer for an email that exists.
        void sendPasswordReset(app.mailer, tokens, options.publicUrl, user).catch((error: unknown) =>
          request.log.error({ err: error, userId: user.id }, 'password reset mail failed'),
        );
      }
      return { message: MSG.resetMailSent };
    },
  );

  app.post(
    '/users/me/reset-token',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['accounts'],
        summary: "A reset token for the signed-in user (the user menu's 'Reset password')",
        security: bearer,
        response: { 200: ResetTokenSchema, ...errors(401) },
      },
    },
    async (request) => ({ token: resetToken(tokens, currentUser(request)) }),
  );

  app.get(
    '/users/reset-token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whose password a reset link changes',
        querystring: ResetTokenQuerySchema,
        response: { 200: ResetTokenInfoSchema, ...errors(400) },
      },
    },
    async (request) => {
      const { user } = await openResetToken(request.query.token);
      return { email: user.email };
    },
  );

  const updateByEmailSchema = {
    tags: ['accounts'],
    summary: 'Choose a new password with a reset token (sent in the field `email`, as the spec names it)',
    body: UpdateByEmailRequestSchema,
    response: { 200: MessageResponseSchema, ...errors(400, 429) },
  };
  for (const url of ['/users/updateByEmail', '/user-app/update-user-by-email']) {
    app.post(
      url,
      { config: perAddress(options.registerRateLimit), schema: updateByEmailSchema },
      async (request) => {
        const { user, payload } = await openResetToken(request.body.email);
        const passwordHash = await hashPassword(request.body.password);
        const changed = await app.db.transaction(async (tx) => {
          const repository = createUsersRepository(tx);
          if (!(await repository.useToken(payload.jti, payload.exp))) return undefined;
          return repository.update(user.id, { passwordHash });
        });
        if (!changed) throw refused(MSG.linkUsed);
        return { message: MSG.passwordChanged };
      },
    );
  }
};
