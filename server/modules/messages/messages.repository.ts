import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { MESSAGE_COUNT_CAP } from '../../../contract/constants';
import type { EventType } from '../../../contract/device';
import type {
  Message,
  MessageList,
  MessageNotes,
  MessageQuerySchema,
  NoteEntry,
} from '../../../contract/schemas/message';
import type { Database } from '../../db/client';
import { lifts } from '../../db/schema/lifts';
import { type MessageNoteRow, type MessageRow, messageNotes, messages } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import { likePattern } from '../../lib/like-pattern';
import { orderBySort } from '../../lib/sort';
import { liftSearchCondition } from '../lifts/lifts.repository';
import { toMessage, toNoteEntry } from './message-mapper';

type MessageQuery = v.InferOutput<typeof MessageQuerySchema>;

/** Which kinds a list holds: all, stats only, or errors and infos. */
export type KindFilter = 'all' | 'stats' | 'detailed';
const DETAILED: EventType[] = ['error', 'info'];

/** `search` finds the lift (as the lift list does) and the notes (title, text) of a reading. */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    liftSearchCondition(search),
    ilike(sql`${messages.notes}->>'title'`, pattern),
    ilike(sql`${messages.notes}->>'notes'`, pattern),
  );
}

/**
 * A reading is addressed by (year, id); `year` is the UTC year of `at` (ingest and seed set it so).
 * The table is partitioned by month of `at` (docs/telemetry.md), so the year's range of `at` beside
 * the key lets PostgreSQL search only that year's partitions, each by its (year, id, at) key.
 */
function byYearAndId(year: number, ids: SQL): SQL | undefined {
  return and(
    eq(messages.year, year),
    ids,
    gte(messages.at, new Date(Date.UTC(year, 0, 1))),
    lt(messages.at, new Date(Date.UTC(year + 1, 0, 1))),
  );
}

/**
 * One condition on `kind`, never two: PostgreSQL takes `kind in ('error', 'info') and kind =
 * 'error'` as independent and multiplies their shares, so it expected 30 times fewer errors than
 * there were and sorted all million of them for a deep page (docs/telemetry.md#benchmarks).
 * `kind = 'error'` alone still reads the partial index of errors and infos.
 */
function kindCondition(kinds: KindFilter, type: MessageQuery['type']): SQL | undefined {
  if (kinds === 'stats')
    return type === undefined || type === 'stats' ? eq(messages.kind, 'stats') : sql`false`;
  if (kinds === 'detailed') {
    if (type === undefined) return inArray(messages.kind, DETAILED);
    return DETAILED.includes(type as EventType) ? eq(messages.kind, type) : sql`false`;
  }
  return type === undefined ? undefined : eq(messages.kind, type);
}

/** The note entries of these readings, oldest first, by reading id (one query). */
export async function noteEntriesOf(
  db: Database,
  messageIds: readonly string[],
): Promise<Map<string, NoteEntry[]>> {
  const byMessage = new Map<string, NoteEntry[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({ note: messageNotes, authorName: users.displayName })
    .from(messageNotes)
    .leftJoin(users, eq(users.id, messageNotes.authorId))
    .where(sql`${messageNotes.messageId} = any(${sql.param([...new Set(messageIds)])}::uuid[])`)
    .orderBy(asc(messageNotes.createdAt), asc(messageNotes.id));
  for (const { note, authorName } of rows) {
    byMessage.set(note.messageId, [...(byMessage.get(note.messageId) ?? []), toNoteEntry(note, authorName)]);
  }
  return byMessage;
}

/** Message rows as the API shows them, each with its note entries. */
export async function toMessagesWithNotes(db: Database, rows: readonly MessageRow[]): Promise<Message[]> {
  const entries = await noteEntriesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toMessage(row, entries.get(row.id) ?? []));
}

/** Readings of lifts (docs/telemetry.md): lists, one reading, its notes, tombstones. */
export function createMessagesRepository(db: Database) {
  return {
    /**
     * A page of live readings of the lifts `liftScope` (a condition on `lifts`) lets through, and their
     * count. Over many lifts the count stops at `countCap` (`countCapped`: there are more), as counting
     * every error of a 50 M table took 26 s (docs/telemetry.md#benchmarks); one lift's readings are
     * counted exactly through its `(lift_id, at)` index.
     */
    async list(
      liftScope: SQL,
      query: MessageQuery,
      kinds: KindFilter,
      countCap = MESSAGE_COUNT_CAP,
    ): Promise<MessageList> {
      const where = and(
        liftScope,
        isNull(messages.deletedAt),
        kindCondition(kinds, query.type),
        query.liftId ? eq(messages.liftId, query.liftId) : undefined,
        query.code !== undefined ? eq(messages.code, query.code) : undefined,
        query.from ? gte(messages.at, new Date(query.from)) : undefined,
        query.to ? lte(messages.at, new Date(query.to)) : undefined,
        searchCondition(query.search),
      );
      // Newest first by (at, id): errors and infos read from the end of messages_detailed_at_idx.
      const orderBy = orderBySort(query.sort, { at: messages.at, code: messages.code }, messages.id) ?? [
        desc(messages.at),
        desc(messages.id),
      ];
      const matching = db
        .select({ one: sql`1` })
        .from(messages)
        .innerJoin(lifts, eq(lifts.id, messages.liftId))
        .where(where);
      const capped = !query.liftId;
      const [rows, [total]] = await Promise.all([
        db
          .select({ message: messages })
          .from(messages)
          .innerJoin(lifts, eq(lifts.id, messages.liftId))
          .where(where)
          .orderBy(...orderBy)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ value: sql<number>`count(*)`.mapWith(Number) })
          .from((capped ? matching.limit(countCap + 1) : matching).as('matching')),
      ]);
      const count = total?.value ?? 0;
      return {
        messages: await toMessagesWithNotes(
          db,
          rows.map((row) => row.message),
        ),
        count: capped ? Math.min(count, countCap) : count,
        countCapped: capped && count > countCap,
      };
    },

    /** A live reading of a lift in `liftScope`, or null. */
    async find(liftScope: SQL, year: number, id: string): Promise<Message | null> {
      const [row] = await db
        .select({ message: messages })
        .from(messages)
        .innerJoin(lifts, eq(lifts.id, messages.liftId))
        .where(and(byYearAndId(year, eq(messages.id, id)), isNull(messages.deletedAt), liftScope))
        .limit(1);
      return row ? ((await toMessagesWithNotes(db, [row.message]))[0] ?? null) : null;
    },

    /** A note entry of a reading, or null. */
    async findEntry(messageId: string, entryId: string): Promise<MessageNoteRow | null> {
      const [row] = await db
        .select()
        .from(messageNotes)
        .where(and(eq(messageNotes.id, entryId), eq(messageNotes.messageId, messageId)))
        .limit(1);
      return row ?? null;
    },

    /** Adds an entry; an id already taken adds nothing (a repeated request, an outbox resend). */
    async addEntry(entry: {
      id: string;
      message: Message;
      authorId: string;
      text: string;
      urls: string[];
    }): Promise<void> {
      await db
        .insert(messageNotes)
        .values({
          id: entry.id,
          messageId: entry.message.id,
          messageYear: entry.message.year,
          liftId: entry.message.liftId,
          authorId: entry.authorId,
          text: entry.text,
          urls: entry.urls,
        })
        .onConflictDoNothing({ target: messageNotes.id });
    },

    /** The newest entry `authorId` wrote on the reading, or null. */
    async latestEntryBy(messageId: string, authorId: string): Promise<MessageNoteRow | null> {
      const [row] = await db
        .select()
        .from(messageNotes)
        .where(and(eq(messageNotes.messageId, messageId), eq(messageNotes.authorId, authorId)))
        .orderBy(desc(messageNotes.createdAt))
        .limit(1);
      return row ?? null;
    },

    async editEntry(id: string, change: { text: string; urls: string[] }): Promise<void> {
      await db
        .update(messageNotes)
        .set({ ...change, editedAt: sql`now()` })
        .where(eq(messageNotes.id, id));
    },

    async removeEntry(id: string): Promise<void> {
      await db.delete(messageNotes).where(eq(messageNotes.id, id));
    },

    /**
     * After its notes changed: the reading takes a new sync position (its row trigger), so mirrors
     * pull it with its entries, and is answered as it is now. Its version stays: notes are entries
     * of their own and make no edit of the reading stale.
     */
    async touch(year: number, id: string): Promise<Message | null> {
      const [row] = await db
        .update(messages)
        .set({ updatedAt: sql`now()` })
        .where(and(byYearAndId(year, eq(messages.id, id)), isNull(messages.deletedAt)))
        .returning();
      return row ? ((await toMessagesWithNotes(db, [row]))[0] ?? null) : null;
    },

    /**
     * Writes the single note of a live reading (the specification's call, before notes became
     * entries), bumping its version; with `baseVersion` only when the stored version is still that
     * one. Null when nothing was changed. The caller checked the lift's scope.
     */
    async updateNotes(
      year: number,
      id: string,
      change: { isNotes: boolean; notes: MessageNotes },
      baseVersion: number | undefined,
    ): Promise<Message | null> {
      const [row] = await db
        .update(messages)
        .set({ ...change, version: sql`${messages.version} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            byYearAndId(year, eq(messages.id, id)),
            isNull(messages.deletedAt),
            baseVersion !== undefined ? eq(messages.version, baseVersion) : undefined,
          ),
        )
        .returning();
      return row ? ((await toMessagesWithNotes(db, [row]))[0] ?? null) : null;
    },

    /** Makes the live readings of `year` among `ids` of lifts in `liftScope` tombstones; their lift ids. */
    async tombstone(
      liftScope: SQL,
      year: number,
      ids: readonly string[],
    ): Promise<{ id: string; liftId: string }[]> {
      return db
        .update(messages)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${messages.version} + 1` })
        .where(
          and(
            byYearAndId(year, inArray(messages.id, [...ids])),
            isNull(messages.deletedAt),
            sql`exists (select 1 from ${lifts} where ${lifts.id} = ${messages.liftId} and ${liftScope})`,
          ),
        )
        .returning({ id: messages.id, liftId: messages.liftId });
    },
  };
}
