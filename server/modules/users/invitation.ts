import { createHash, randomUUID } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  INVITATION_TTL_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
} from '../../../contract/constants';
import { MSG, type ServerMessage } from '../../../contract/messages';
import type { UserRow } from '../../db/schema/users';
import type { OpenResult, SealedTokens } from '../../lib/sealed-token';
import type { OutboxService } from '../outbox/outbox.service';
import { invitationMail, passwordResetMail } from './account-mails';

/** The answer for a link token that did not open. */
export function linkRefusal(result: Extract<OpenResult, { ok: false }>): ServerMessage {
  return result.reason === 'expired' ? MSG.linkExpired : MSG.linkInvalid;
}

/**
 * `/register/<sealedId>/<sealedEmail>`: two tokens sharing one token id, so neither half can be
 * swapped for the half of another invitation.
 */
export function invitationLink(tokens: SealedTokens, publicUrl: string, user: Pick<UserRow, 'id' | 'email'>) {
  const jti = randomUUID();
  const id = tokens.seal({ purpose: 'invitation-id', subject: user.id, jti }, INVITATION_TTL_SECONDS);
  const email = tokens.seal(
    { purpose: 'invitation-email', subject: user.email, jti },
    INVITATION_TTL_SECONDS,
  );
  return { link: `${publicUrl}/register/${id.token}/${email.token}`, jti };
}

/** Mails the invitation in the inviter's language (German unless he chose English), through the outbox. */
export async function sendInvitation(
  outbox: OutboxService,
  tokens: SealedTokens,
  publicUrl: string,
  invitee: UserRow,
  inviter: UserRow,
): Promise<void> {
  const { link, jti } = invitationLink(tokens, publicUrl, invitee);
  const mail = invitationMail(inviter.settings.language ?? DEFAULT_LANGUAGE, {
    link,
    displayName: invitee.displayName,
    inviterName: inviter.displayName,
    expiresInDays: Math.round(INVITATION_TTL_SECONDS / 86_400),
  });
  await outbox.send([
    {
      channel: 'mail',
      kind: 'invitation',
      cause: `invitation:${jti}`,
      userId: invitee.id,
      to: invitee.email,
      mail,
    },
  ]);
}

/**
 * A short fingerprint of the password hash a reset token was issued for: once the password
 * changes, every older reset token stops working.
 */
export const passwordFingerprint = (passwordHash: string | null) =>
  createHash('sha256')
    .update(passwordHash ?? 'no password')
    .digest('base64url')
    .slice(0, 16);

export function resetToken(tokens: SealedTokens, user: Pick<UserRow, 'id' | 'passwordHash'>): string {
  return tokens.seal(
    { purpose: 'reset', subject: user.id, fingerprint: passwordFingerprint(user.passwordHash) },
    RESET_TOKEN_TTL_SECONDS,
  ).token;
}

/** Mails `/reset-password/<sealedToken>` in the user's own language, through the outbox. */
export async function sendPasswordReset(
  outbox: OutboxService,
  tokens: SealedTokens,
  publicUrl: string,
  user: UserRow,
): Promise<void> {
  const mail = passwordResetMail(user.settings.language ?? DEFAULT_LANGUAGE, {
    link: `${publicUrl}/reset-password/${resetToken(tokens, user)}`,
    displayName: user.displayName,
    expiresInMinutes: Math.round(RESET_TOKEN_TTL_SECONDS / 60),
  });
  await outbox.send([
    { channel: 'mail', kind: 'reset', cause: `reset:${randomUUID()}`, userId: user.id, to: user.email, mail },
  ]);
}
