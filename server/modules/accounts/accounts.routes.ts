import type { FastifyPluginAsync } from 'fastify';
import { accountsApi } from '../../../contract/api/accounts';
import { MSG, type ServerMessage } from '../../../contract/messages';
import type { UserRow } from '../../db/schema/users';
import { HttpError } from '../../lib/http-error';
import { createSealedTokens, type SealedPayload } from '../../lib/sealed-token';
import { addressRateLimit, requestRateLimit } from '../../plugins/rate-limit';
import { sessionsOf } from '../../plugins/sessions.repository';
import { STAFF_ROOM } from '../../realtime/rooms';
import { addressSender } from '../email/mail-quota';
import { linkRefusal, passwordFingerprint, sendPasswordReset } from '../users/invitation';
import { hashPassword } from '../users/password';
import { toUser } from '../users/user-mapper';
import { createUsersRepository } from '../users/users.repository';

export interface AccountsRoutesOptions {
  authSecret: string;
  publicUrl: string;
  passwordResetRateLimit: number;
  /** Reset requests a minute per address across emails. */
  addressRateLimit: number;
  registerRateLimit: number;
  /** Tests mint expired links with an earlier clock; the server uses the real one. */
  now?: () => number;
}

const refused = (message: ServerMessage) => new HttpError(400, message);

/**
 * What a guest does with a mailed link: register from an invitation, ask for and use a password
 * reset link. Every link is a sealed token (server/lib/sealed-token.ts) that works once.
 */
export const accountsRoutes: FastifyPluginAsync<AccountsRoutesOptions> = async (app, options) => {
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

  app.serve(accountsApi.invitation, async (request) => {
    const { user } = await openInvitation(request.query.id, request.query.email);
    // The phone number the inviter typed fills the form (normalised, as stored).
    return { email: user.email, displayName: user.displayName, phoneNumber: user.phoneNumber };
  });

  // One call for both mailed links: with `id` the invited user registers (becomes active and is
  // signed in), without it a reset token in `email` sets a new password.
  app.serve(
    accountsApi.updateByEmail,
    async (request) => {
      const body = request.body;
      if (body.id !== undefined) {
        const { user, payload } = await openInvitation(body.id, body.email);
        const registered = await users.completeRegistration(user.id, payload, {
          displayName: body.displayName,
          phoneNumber: body.phoneNumber,
          passwordHash: await hashPassword(body.password),
        });
        if (!registered) throw refused(MSG.linkUsed);
        app.io.to(STAFF_ROOM).emit('reload', { entity: 'users' });
        return { user: toUser(registered), access_token: await app.accessTokens.signIn(registered) };
      }
      const { user, payload } = await openResetToken(body.email);
      const changed = await users.resetPassword(user.id, payload, await hashPassword(body.password));
      if (!changed) throw refused(MSG.linkUsed);
      // Whoever knew the old password (or holds a token) is out: every session ends.
      await app.accessTokens.end(sessionsOf(user.id), 'reset');
      return { message: MSG.passwordChanged };
    },
    { config: perAddress(options.registerRateLimit) },
  );

  app.serve(
    accountsApi.forgotPassword,
    async (request, reply) => {
      // Counted for every email asked for, known or not, so a 429 tells nothing about accounts.
      const mail = await app.mailQuota.take(reply, {
        kind: 'reset',
        sender: addressSender(request.ip),
        recipients: [request.body.email],
      });
      const user = await users.findByEmail(request.body.email);
      if (user?.status === 'active') {
        // Not awaited: the answer must not take longer for an email that exists.
        void mail
          .sending(() => sendPasswordReset(app.outbox, tokens, options.publicUrl, user))
          .catch((error: unknown) =>
            request.log.error({ err: error, userId: user.id }, 'password reset mail failed'),
          );
      }
      return { message: MSG.resetMailSent };
    },
    {
      config: requestRateLimit(options.passwordResetRateLimit),
      preValidation: addressRateLimit(app, 'reset', options.addressRateLimit, MSG.tooManyRequests),
    },
  );

  app.serve(accountsApi.resetToken, async (request) => {
    const { user } = await openResetToken(request.query.token);
    return { email: user.email };
  });
};
