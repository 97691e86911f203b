import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Log, LogQuerySchema } from '../../../contract/schemas/log';
import type { Database } from '../../db/client';
import { type LogRow, logs } from '../../db/schema/logs';
import { likePattern } from '../../lib/like-pattern';
import { orderBySort } from '../../lib/sort';

type LogQuery = v.InferOutput<typeof LogQuerySchema>;

function toLog(row: LogRow): Log {
  return {
    id: row.id,
    at: row.at.toISOString(),
    level: row.level,
    source: row.source,
    event: row.event,
    message: row.message,
    liftId: row.liftId,
    imei: row.imei,
    details: row.details,
  };
}

/** The dev's log screen: its entries, listed and deleted (written by `writeLog`, write-log.ts). */
export function createLogsRepository(db: Database) {
  return {
    /** A page of log entries, newest first unless sorted; `search` looks in event, message and IMEI. */
    async list(query: LogQuery): Promise<{ logs: Log[]; count: number }> {
      const { page, pageSize, level, source, search, sort } = query;
      const orderBy = orderBySort(sort, { at: logs.at, level: logs.level, event: logs.event }, logs.id) ?? [
        desc(logs.at),
        desc(logs.id),
      ];
      const pattern = search ? likePattern(search) : undefined;
      const where = and(
        level ? eq(logs.level, level) : undefined,
        source ? eq(logs.source, source) : undefined,
        pattern
          ? or(ilike(logs.event, pattern), ilike(logs.message, pattern), ilike(logs.imei, pattern))
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(logs)
          .where(where)
          .orderBy(...orderBy)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ value: sql<number>`count(*)`.mapWith(Number) })
          .from(logs)
          .where(where),
      ]);
      return { logs: rows.map(toLog), count: total?.value ?? 0 };
    },

    /** Deletes the entries among `ids`; how many there were. */
    async deleteMany(ids: readonly string[]): Promise<number> {
      const removed = await db
        .delete(logs)
        .where(inArray(logs.id, [...ids]))
        .returning({ id: logs.id });
      return removed.length;
    },

    /** Deletes every entry; how many there were. */
    async deleteAll(): Promise<number> {
      const removed = await db.delete(logs).returning({ id: logs.id });
      return removed.length;
    },
  };
}
