import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../contract/constants';
import { type InspectionDueEntry, inspectionDueList } from '../../../contract/inspection-rules';
import { berlinDay } from '../../../contract/maintenance';
import { rowsOf } from '../../db/results';
import { liftLink } from '../maintenance/stickers';
import type { OutgoingMail } from '../outbox/outgoing';
import { inspectionReminderMail, type ReminderLift } from './inspection-mails';
import { createInspectionRemindersRepository } from './inspection-reminders.repository';
import { createInspectionsRepository } from './inspections.repository';

/** Arbitrary but fixed: the transaction lock of a run, so one process of several does the work. */
export const REMINDER_LOCK_KEY = 727_465_032;

/** A reminder's stage: within the notice days before the day, or past it. */
export type ReminderStage = 'ahead' | 'overdue';
const stageOf = (entry: InspectionDueEntry): ReminderStage =>
  entry.status === 'overdue' ? 'overdue' : 'ahead';

const languageOf = (language: string | null): Language =>
  LANGUAGES.includes(language as Language) ? (language as Language) : DEFAULT_LANGUAGE;

/**
 * Mails the admins and each lift's customers (and its customers' customer admins) about the
 * statutory inspections and defect deadlines of `inspectionDueList` (docs/inspections.md#reminders):
 * once per entry and stage, claimed in `inspection_reminders` in the transaction that writes the
 * mails to the outbox, so a second run, a second process or a restart never mails a stage twice.
 * One mail per recipient and run lists all his entries. Answers how many mails were queued (null:
 * another process is running it).
 */
export async function sendInspectionReminders(
  app: FastifyInstance,
  publicUrl: string,
  now: Date = new Date(),
): Promise<number | null> {
  const queued = await app.db.transaction(async (tx) => {
    const locked = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${REMINDER_LOCK_KEY}) as locked`),
    )[0]?.locked;
    if (locked !== true) return null;
    const input = await createInspectionsRepository(tx).dueInputs('all');
    const entries = inspectionDueList(input, berlinDay(now));
    if (entries.length === 0) return 0;
    const repository = createInspectionRemindersRepository(tx);
    const { admins, customers } = await repository.recipients([...new Set(entries.map((e) => e.liftId))]);
    // An entry nobody would read is not claimed: a customer linked later is still told.
    const wanted = entries.filter((entry) => admins.length > 0 || customers.has(entry.liftId));
    const claimed = await repository.claim(
      wanted.map((entry) => ({
        key: entry.key,
        stage: stageOf(entry),
        liftId: entry.liftId,
        dueOn: entry.dueOn,
      })),
    );
    const fresh = wanted.filter((entry) => claimed.has(`${entry.key}|${stageOf(entry)}`));
    if (fresh.length === 0) return 0;

    const lifts = new Map(input.lifts.map((lift) => [lift.id, lift]));
    const people = new Map<
      string,
      { id: string; email: string; language: string | null; liftIds: Set<string> | 'all' }
    >();
    for (const admin of admins) people.set(admin.id, { ...admin, liftIds: 'all' });
    for (const [liftId, users] of customers)
      for (const user of users) {
        const known = people.get(user.id);
        if (!known) people.set(user.id, { ...user, liftIds: new Set([liftId]) });
        else if (known.liftIds !== 'all') known.liftIds.add(liftId);
      }
    const mails: OutgoingMail[] = [];
    for (const person of people.values()) {
      const mine = fresh.filter((entry) => person.liftIds === 'all' || person.liftIds.has(entry.liftId));
      if (mine.length === 0) continue;
      // Per lift in the order of the list (soonest first), each lift's entries soonest first.
      const byLift = new Map<string, InspectionDueEntry[]>();
      for (const entry of mine) byLift.set(entry.liftId, [...(byLift.get(entry.liftId) ?? []), entry]);
      const sections: ReminderLift[] = [...byLift].map(([liftId, items]) => ({
        uid: lifts.get(liftId)?.uid ?? '',
        address: lifts.get(liftId)?.address ?? '',
        url: liftLink(publicUrl, liftId),
        items,
      }));
      // The outbox's identity of this mail: the claims it carries, which are each claimed once.
      const digest = createHash('sha256')
        .update(
          mine
            .map((entry) => `${entry.key}|${stageOf(entry)}`)
            .sort()
            .join('\n'),
        )
        .digest('hex')
        .slice(0, 32);
      mails.push({
        channel: 'mail',
        kind: 'inspection',
        cause: `inspection:${digest}`,
        userId: person.id,
        liftId: byLift.size === 1 ? (mine[0]?.liftId ?? null) : null,
        to: person.email,
        mail: inspectionReminderMail(languageOf(person.language), sections),
      });
    }
    return (await app.outbox.enqueue(tx, mails)).length;
  });
  if (queued) app.outbox.wake();
  return queued;
}

export interface InspectionRemindersOptions {
  publicUrl: string;
  /** How often the job runs; null: never by itself (tests run it when they ask). */
  everyMs: number | null;
}

/** The reminder job, on one process of all (server/plugins/jobs.ts), as the maintenance notices. */
export const inspectionReminders: FastifyPluginAsync<InspectionRemindersOptions> = async (app, options) => {
  if (options.everyMs === null) return;
  app.jobs.every(
    'inspection reminders',
    options.everyMs,
    () => sendInspectionReminders(app, options.publicUrl),
    {
      firstDelayMs: 45_000,
    },
  );
};
