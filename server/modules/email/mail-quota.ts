import { and, desc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { MSG, type ServerMessage } from '../../../contract/messages';
import { HOUR_MS } from '../../../contract/time';
import type { Database } from '../../db/client';
import { mailSends } from '../../db/schema/email';
import { definePlugin } from '../../lib/define-plugin';
import { HttpError } from '../../lib/http-error';

/** The mails a user can trigger, each counted here (docs/api.md#mails-a-user-triggers). */
type MailKind = 'invitation' | 'reset' | 'topup' | 'offer' | 'order';

interface MailQuotaLimits {
  /** Mails an hour from one sender, whoever they go to. */
  perSender: number;
  /** Mails an hour to one address, whoever triggers them. */
  perRecipient: number;
}

/** The places taken for mails about to go out. */
export interface MailTicket {
  /** Gives the places back: the mail did not go out after all (a failure, a stale write). */
  release(): Promise<void>;
  /** Runs `send`; when it fails the places are given back and the failure thrown on. */
  sending<T>(send: () => Promise<T>): Promise<T>;
}

/** A ticket from `release`, with `sending` built on it. */
function ticket(release: () => Promise<void>): MailTicket {
  return {
    release,
    async sending(send) {
      try {
        return await send();
      } catch (error) {
        await release();
        throw error;
      }
    },
  };
}

interface MailQuota {
  /**
   * Counts the mails of `kind` about to go from `sender` to each of `recipients`. When one more
   * would pass a limit, nothing is counted and it throws 429 with `Retry-After` set on `reply`:
   * the seconds until the window has room again.
   */
  take(
    reply: FastifyReply,
    mail: { kind: MailKind; sender: string; recipients: readonly string[] },
  ): Promise<MailTicket>;
}

/** The sender key of a signed-in user. */
export const userSender = (user: { id: string }) => `user:${user.id}`;
/** The sender key of a guest (a reset asked for without signing in): his address. */
export const addressSender = (ip: string) => `address:${ip}`;

const WINDOW_MS = HOUR_MS;
/** The first key of the two-key advisory locks taken here; the second is the hash of a sender or recipient. */
const LOCK_CLASS = 7412;

/**
 * Counted in the database, not in memory, so the limits hold across processes sharing it and
 * across restarts: one row per mail, and an advisory lock per sender and recipient, so two requests
 * at once cannot both take the last place.
 */
function createMailQuota(db: Database, limits: MailQuotaLimits): MailQuota {
  /**
   * How long until the rows matching `where` leave room for `needed` more under `limit`: 0 when
   * there is room now. Room comes when the `limit - needed + 1`-th newest row leaves the window.
   */
  async function waitMs(
    runner: Database,
    where: SQL | undefined,
    limit: number,
    needed: number,
    now: number,
  ) {
    if (needed > limit) return WINDOW_MS;
    const [blocking] = await runner
      .select({ sentAt: mailSends.sentAt })
      .from(mailSends)
      .where(and(where, gt(mailSends.sentAt, new Date(now - WINDOW_MS))))
      .orderBy(desc(mailSends.sentAt))
      .offset(limit - needed)
      .limit(1);
    return blocking ? Math.max(1, blocking.sentAt.getTime() + WINDOW_MS - now) : 0;
  }

  return {
    async take(reply, { kind, sender, recipients }) {
      const addresses = [...new Set(recipients.map((address) => address.trim().toLowerCase()))];
      if (addresses.length === 0) return ticket(async () => {});
      const ids = await db.transaction(async (tx) => {
        // Always in the same (sorted) order, so two requests never wait for each other in a circle.
        const keys = [`sender|${sender}`, ...addresses.map((address) => `recipient|${address}`)].sort();
        for (const key of keys) {
          await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${key}))`);
        }
        const now = Date.now();
        const senderWait = await waitMs(
          tx,
          eq(mailSends.sender, sender),
          limits.perSender,
          addresses.length,
          now,
        );
        let recipientWait = 0;
        for (const address of addresses) {
          const wait = await waitMs(tx, eq(mailSends.recipient, address), limits.perRecipient, 1, now);
          recipientWait = Math.max(recipientWait, wait);
        }
        if (senderWait > 0 || recipientWait > 0) {
          const message: ServerMessage = senderWait > 0 ? MSG.tooManyMailsSent : MSG.tooManyMailsToAddress;
          reply.header('retry-after', String(Math.ceil(Math.max(senderWait, recipientWait) / 1000)));
          throw new HttpError(429, message);
        }
        const sentAt = new Date(now);
        const rows = await tx
          .insert(mailSends)
          .values(addresses.map((recipient) => ({ sender, recipient, kind, sentAt })))
          .returning({ id: mailSends.id });
        return rows.map((row) => row.id);
      });
      return ticket(async () => {
        // A give-back that fails only counts a mail too many: never worth failing the request for.
        await db
          .delete(mailSends)
          .where(inArray(mailSends.id, ids))
          .catch(() => {});
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailQuota: MailQuota;
  }
}

/** `app.mailQuota` for every route that mails on a user's request; rows older than the window are purged hourly. */
export const mailQuotaPlugin = definePlugin<MailQuotaLimits>('mail-quota', async (app, limits) => {
  app.decorate('mailQuota', createMailQuota(app.db, limits));
  app.jobs.every(
    'mail quota purge',
    HOUR_MS,
    () => app.db.delete(mailSends).where(lt(mailSends.sentAt, new Date(Date.now() - WINDOW_MS))),
    { firstDelayMs: 0 },
  );
});
