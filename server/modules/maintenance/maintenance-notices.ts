import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contract/constants';
import { berlinDay, liftMaintenanceDue } from '../../../contract/maintenance';
import type { Database } from '../../db/client';
import type { OutgoingMessage } from '../outbox/outgoing';
import { createMaintenanceRepository } from './maintenance.repository';
import { maintenanceNoticeMail } from './maintenance-mails';
import { liftLink } from './stickers';

/** The advisory lock of the notice job: one process runs it at a time. */
export const NOTICE_LOCK_KEY = 727_465_018;

/**
 * `pg_try_advisory_lock` on one connection: PGlite has one anyway; on PostgreSQL a transaction holds
 * a pooled connection for the lock while the work runs on the others (as server/modules/sims/sim-sync.ts).
 */
async function withLock(app: FastifyInstance, work: () => Promise<number>): Promise<number | null> {
  const tryLock = async (runner: Pick<Database, 'execute'>) => {
    const result = await runner.execute(sql`select pg_try_advisory_lock(${NOTICE_LOCK_KEY}) as locked`);
    return (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
  };
  const unlock = (runner: Pick<Database, 'execute'>) =>
    runner.execute(sql`select pg_advisory_unlock(${NOTICE_LOCK_KEY})`);
  if (app.databaseKind === 'pglite') {
    if (!(await tryLock(app.db))) return null;
    try {
      return await work();
    } finally {
      await unlock(app.db);
    }
  }
  return app.db.transaction(async (tx) => {
    if (!(await tryLock(tx))) return null;
    try {
      return await work();
    } finally {
      await unlock(tx);
    }
  });
}

/**
 * Mails each service man of a lift that is due (within the notice days) or overdue, once per
 * maintenance interval: the claim in `maintenance_notices` decides, so a moving estimate or a second
 * process never mails twice. Answers how many mails were queued in the outbox (null: another process
 * held the lock).
 */
export async function sendMaintenanceNotices(
  app: FastifyInstance,
  publicUrl: string,
  now: Date = new Date(),
): Promise<number | null> {
  return withLock(app, async () => {
    const repository = createMaintenanceRepository(app.db);
    const defaults = app.settings.current().maintenance;
    const today = berlinDay(now);
    const lifts = await repository.liftsForDue('all');
    const wanted = lifts.flatMap((lift) => {
      const due = liftMaintenanceDue(lift, defaults, today);
      if (due.status === 'ok') return [];
      return lift.servicemen.map((man) => ({ lift, due, man }));
    });
    // The claim and the mails commit together: a notice is claimed only with its outbox row, and
    // the outbox delivers it however often the mail server fails meanwhile (docs/outbox.md).
    const sent = await app.db.transaction(async (tx) => {
      const claimed = await createMaintenanceRepository(tx).claimNotices(
        wanted.map(({ lift, due, man }) => ({
          liftId: lift.id,
          cycle: lift.cycle,
          userId: man.id,
          dueOn: due.dueOn,
        })),
      );
      const mails: OutgoingMessage[] = wanted
        .filter(({ lift, man }) => claimed.has(`${lift.id}|${lift.cycle}|${man.id}`))
        .map(({ lift, due, man }) => {
          const language: Language = LANGUAGES.includes(man.language as Language)
            ? (man.language as Language)
            : DEFAULT_LANGUAGE;
          return {
            channel: 'mail',
            kind: 'maintenance',
            cause: `maintenance:${lift.id}:${lift.cycle}`,
            userId: man.id,
            liftId: lift.id,
            to: man.email,
            mail: maintenanceNoticeMail(language, {
              uid: lift.uid,
              address: lift.address,
              due,
              url: liftLink(publicUrl, lift.id),
            }),
          };
        });
      return (await app.outbox.enqueue(tx, mails)).length;
    });
    app.outbox.wake();
    return sent;
  });
}
