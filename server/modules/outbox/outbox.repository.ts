import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  OUTBOX_LIST_LIMIT,
  OUTBOX_STATES,
  type OutboxChannel,
  type OutboxItem,
  type OutboxKind,
  type OutboxState,
} from '../../../contract/schemas/outbox';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import { type OutboxRow, outboxMessages } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import { likePattern } from '../../lib/like-pattern';
import { type OutgoingMessage, recipientOf, storedPayload, subjectOf } from './outgoing';

export interface OutboxFilter {
  state?: OutboxState;
  channel?: OutboxChannel;
  kind?: OutboxKind;
  search?: string;
}

/** What the list shows of a push endpoint: its host, not the capability URL itself. */
const shownRecipient = (row: Pick<OutboxRow, 'channel' | 'recipient'>) => {
  if (row.channel !== 'push') return row.recipient;
  try {
    return new URL(row.recipient).host;
  } catch {
    return 'push';
  }
};

/** A row as its worker holds it: the attempt it took it at. */
type HeldRow = Pick<OutboxRow, 'id' | 'attempts'>;

/** The columns a message is written with. */
const rowOf = (message: OutgoingMessage) => ({
  channel: message.channel,
  kind: message.kind,
  cause: message.cause,
  recipient: recipientOf(message),
  userId: message.userId ?? null,
  alarmId: message.alarmId ?? null,
  liftId: message.liftId ?? null,
  payload: storedPayload(message),
  subject: subjectOf(message).slice(0, 500),
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toOutboxItem(row: OutboxRow, recipientName: string | null): OutboxItem {
  const waiting = row.state === 'pending' || row.state === 'sending';
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    state: row.state,
    to: shownRecipient(row),
    recipientName,
    subject: row.subject,
    alarmId: row.alarmId,
    liftId: row.liftId,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
    sentAt: iso(row.sentAt),
    failedAt: iso(row.failedAt),
    lastError: row.lastError,
  };
}

/** The rows of the durable outbox (docs/outbox.md). `db` may be a transaction: enqueue joins it. */
export function createOutboxRepository(db: Database) {
  /** Rows with their recipient's name and user id, newest first. */
  const withRecipients = async (where: SQL | undefined, limit: number) => {
    const rows = await db
      .select({ row: outboxMessages, recipientName: users.displayName })
      .from(outboxMessages)
      .leftJoin(users, eq(users.id, outboxMessages.userId))
      .where(where)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(limit);
    return rows.map(({ row, recipientName }) => ({
      item: toOutboxItem(row, recipientName),
      userId: row.userId,
    }));
  };
  const items = async (where: SQL | undefined, limit: number) =>
    (await withRecipients(where, limit)).map(({ item }) => item);

  /** Ends a worker's hold on a row with `set`, unless another worker took it meanwhile. */
  const settle = async (row: HeldRow, set: Partial<typeof outboxMessages.$inferInsert>) => {
    await db
      .update(outboxMessages)
      .set({ ...set, leaseUntil: null })
      .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.attempts, row.attempts)));
  };

  return {
    /**
     * Writes the messages as pending rows; one that exists already (same cause, recipient and
     * channel) is left as it is. Answers the ids of the rows written now.
     */
    async enqueue(messages: readonly OutgoingMessage[]): Promise<string[]> {
      if (messages.length === 0) return [];
      const rows = await db
        .insert(outboxMessages)
        .values(messages.map(rowOf))
        .onConflictDoNothing({
          target: [outboxMessages.cause, outboxMessages.recipient, outboxMessages.channel],
        })
        .returning({ id: outboxMessages.id });
      return rows.map((row) => row.id);
    },

    /** Writes one message as a row taken by nobody and answers it (sent at once by its writer). */
    async enqueueRow(message: OutgoingMessage): Promise<OutboxRow> {
      const [row] = await db
        .insert(outboxMessages)
        .values({ ...rowOf(message), state: 'sending', attempts: 1 })
        .returning();
      if (!row) throw new Error('outbox row not written');
      return row;
    },

    /**
     * Takes up to `limit` due rows for the process `nodeId`: each row goes to one worker only (`for
     * update skip locked`) and is held for `leaseMs`. A row whose holder died (its lease ended, or its
     * process left `cluster_nodes`) is taken again.
     */
    async claim(nodeId: string, limit: number, leaseMs: number, now: Date): Promise<OutboxRow[]> {
      const at = now.toISOString();
      const result = await db.execute(sql`
        update outbox_messages set
          state = 'sending',
          attempts = attempts + 1,
          leased_by = ${nodeId}::uuid,
          lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
        where id in (
          select id from outbox_messages m
          where next_attempt_at <= ${at}::timestamptz
            and (m.state = 'pending'
              or (m.state = 'sending' and (m.lease_until < ${at}::timestamptz
                or not exists (select 1 from cluster_nodes n where n.id = m.leased_by))))
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
        returning id`);
      const claimed = rowsOf<{ id: string }>(result).map((row) => row.id);
      if (claimed.length === 0) return [];
      return db.select().from(outboxMessages).where(inArray(outboxMessages.id, claimed));
    },

    /** When the next row falls due (to sleep until then); null when none waits. */
    async nextDue(): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | string | null>`min(${outboxMessages.nextAttemptAt})` })
        .from(outboxMessages)
        .where(inArray(outboxMessages.state, ['pending', 'sending']));
      return row?.at ? new Date(row.at) : null;
    },

    /**
     * Sent: done; `leased_by` stays, naming the process that sent it. Like the two below, only while
     * this worker still holds it (`attempts` unchanged since it took it).
     */
    markSent: (row: HeldRow, at: Date) => settle(row, { state: 'sent', sentAt: at, lastError: null }),

    /** Failed this time: pending again from `nextAt`, with the reason. */
    markRetry: (row: HeldRow, nextAt: Date, error: string) =>
      settle(row, {
        state: 'pending',
        nextAttemptAt: nextAt,
        leasedBy: null,
        lastError: error.slice(0, 1000),
      }),

    /** Failed for good, with the reason. */
    markFailed: (row: HeldRow, at: Date, error: string) =>
      settle(row, { state: 'failed', failedAt: at, leasedBy: null, lastError: error.slice(0, 1000) }),

    /** A failed row pending again, due now; undefined when there is none, null when it has not failed. */
    async sendAgain(id: string): Promise<OutboxItem | null | undefined> {
      const [row] = await db
        .update(outboxMessages)
        .set({ state: 'pending', nextAttemptAt: sql`now()`, failedAt: null })
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.state, 'failed')))
        .returning({ id: outboxMessages.id });
      if (row) return (await items(eq(outboxMessages.id, id), 1))[0];
      const [exists] = await db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(eq(outboxMessages.id, id));
      return exists ? null : undefined;
    },

    async get(id: string): Promise<OutboxItem | undefined> {
      return (await items(eq(outboxMessages.id, id), 1))[0];
    },

    /** The newest rows matching the filter (one more than the limit, to tell truncation). */
    async list(filter: OutboxFilter): Promise<{ messages: OutboxItem[]; truncated: boolean }> {
      const search = filter.search ? likePattern(filter.search) : undefined;
      const where = and(
        filter.state ? eq(outboxMessages.state, filter.state) : undefined,
        filter.channel ? eq(outboxMessages.channel, filter.channel) : undefined,
        filter.kind ? eq(outboxMessages.kind, filter.kind) : undefined,
        search
          ? or(
              ilike(outboxMessages.recipient, search),
              ilike(outboxMessages.subject, search),
              ilike(users.displayName, search),
            )
          : undefined,
      );
      const rows = await items(where, OUTBOX_LIST_LIMIT + 1);
      return { messages: rows.slice(0, OUTBOX_LIST_LIMIT), truncated: rows.length > OUTBOX_LIST_LIMIT };
    },

    /** Messages due or being sent, by state: the worker's backlog (the due index holds only these). */
    async waiting(): Promise<{ pending: number; sending: number }> {
      const rows = await db
        .select({ state: outboxMessages.state, count: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(inArray(outboxMessages.state, ['pending', 'sending']))
        .groupBy(outboxMessages.state);
      const count = (state: OutboxState) => rows.find((row) => row.state === state)?.count ?? 0;
      return { pending: count('pending'), sending: count('sending') };
    },

    async counts(): Promise<Record<OutboxState, number>> {
      const rows = await db
        .select({ state: outboxMessages.state, count: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .groupBy(outboxMessages.state);
      const counts = Object.fromEntries(OUTBOX_STATES.map((state) => [state, 0])) as Record<
        OutboxState,
        number
      >;
      for (const row of rows) counts[row.state] = row.count;
      return counts;
    },

    /** An alarm's rows, oldest first (its deliveries per person and channel), with whom each is for. */
    async ofAlarm(alarmId: string): Promise<{ item: OutboxItem; userId: string | null }[]> {
      return (await withRecipients(eq(outboxMessages.alarmId, alarmId), 1000)).reverse();
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
