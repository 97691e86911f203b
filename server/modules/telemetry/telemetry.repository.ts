import { sql } from 'drizzle-orm';
import { MIRROR_MESSAGE_DAYS } from '../../../contract/schemas/sync';
import { DAY_MS } from '../../../contract/time';
import type { Database } from '../../db/client';
import { countOf, rowsOf } from '../../db/results';

/** A monthly partition of `messages`, as migration 0016 names it: messages_pYYYYMM (UTC month). */
const MONTHLY = /^messages_p(\d{4})(\d{2})$/;

/** The first instant of the UTC month `months` after the one `at` lies in. */
export function monthStart(at: Date, months = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

/**
 * Where the sync floor recorded at `at` starts: 00:00 UTC of the day the mirror's window
 * (`MIRROR_MESSAGE_DAYS`) begins in, so that a pull at `at` or later finds it at or before its cutoff.
 */
export function syncFloorStart(at: Date): Date {
  const windowStart = at.getTime() - MIRROR_MESSAGE_DAYS * DAY_MS;
  return new Date(windowStart - (windowStart % DAY_MS));
}

export interface RetentionResult {
  /** Monthly partitions dropped whole (they held only stats readings). */
  dropped: string[];
  /** Stats readings deleted from partitions that also hold errors, infos or notes. */
  deleted: number;
}

/** SQL of the raw readings' partitions and the device receipts (docs/telemetry.md). */
export function createTelemetryRepository(db: Database) {
  return {
    /** Creates the missing monthly partitions of [from, to) and the DEFAULT one; answers how many. */
    async createPartitions(from: Date, to: Date): Promise<number> {
      const [row] = rowsOf<{ created: number }>(
        await db.execute(
          sql`select messages_create_partitions(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz) as created`,
        ),
      );
      return Number(row?.created ?? 0);
    },

    /** The months (UTC) of the readings in the DEFAULT partition, which have no partition of their own. */
    async monthsInDefault(): Promise<Date[]> {
      const rows = rowsOf<{ month: string }>(
        await db.execute(
          sql`select distinct to_char(at at time zone 'UTC', 'YYYY-MM') as month from messages_default`,
        ),
      );
      return rows.map(({ month }) => new Date(`${month}-01T00:00:00Z`));
    },

    /** The monthly partitions there are, oldest first, with the month each holds. */
    async partitions(): Promise<{ name: string; month: Date }[]> {
      const rows = rowsOf<{ name: string }>(
        await db.execute(sql`
          select c.relname as name from pg_inherits i
          join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'messages'::regclass`),
      );
      return rows
        .flatMap(({ name }) => {
          const match = MONTHLY.exec(name);
          return match
            ? [{ name, month: new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) }]
            : [];
        })
        .sort((a, b) => a.month.getTime() - b.month.getTime());
    },

    /**
     * Removes stats readings dated before `cutoff` (a month start): a month's partition that holds
     * nothing else is dropped whole (no dead rows, no vacuum); from the others, and from the DEFAULT
     * partition, only the stats rows are deleted. Errors, infos and notes stay.
     */
    async removeStatsBefore(cutoff: Date): Promise<RetentionResult> {
      const result: RetentionResult = { dropped: [], deleted: 0 };
      for (const { name, month } of await this.partitions()) {
        if (monthStart(month, 1) > cutoff) break;
        // `name` matched MONTHLY above, so it is safe as an identifier.
        const table = sql.raw(`"${name}"`);
        const [other] = rowsOf<{ found: boolean }>(
          await db.execute(sql`select exists (select 1 from ${table} where kind <> 'stats') as found`),
        );
        if (other?.found) {
          result.deleted += countOf(await db.execute(sql`delete from ${table} where kind = 'stats'`));
        } else {
          await db.execute(sql`drop table ${table}`);
          result.dropped.push(name);
        }
      }
      result.deleted += countOf(
        await db.execute(
          sql`delete from messages_default where kind = 'stats' and at < ${cutoff.toISOString()}::timestamptz`,
        ),
      );
      return result;
    },

    /**
     * Records the readings' sync floor at `fromAt` (schema.ts `messageSyncFloors`): the lowest
     * position of a reading dated `fromAt` or later. Nothing when it is recorded already or no
     * reading is that recent. Floors a month older than `fromAt` go: the pull reads the newest.
     * Answers whether one was recorded.
     */
    async recordSyncFloor(fromAt: Date): Promise<boolean> {
      const from = fromAt.toISOString();
      await db.execute(
        sql`delete from message_sync_floors where from_at < ${from}::timestamptz - interval '30 days'`,
      );
      const [known] = rowsOf<{ found: boolean }>(
        await db.execute(
          sql`select exists (select 1 from message_sync_floors where from_at = ${from}::timestamptz) as found`,
        ),
      );
      if (known?.found) return false;
      // Positions commit in order (lock 7411): a reading still being written holds a position above
      // every committed one, so the committed minimum is a bound for it too.
      return (
        countOf(
          await db.execute(sql`
            insert into message_sync_floors (from_at, min_seq)
            select ${from}::timestamptz, m.min_seq
            from (select min(sync_seq) as min_seq from messages where at >= ${from}::timestamptz) m
            where m.min_seq is not null
            on conflict do nothing`),
        ) > 0
      );
    },

    /** Deletes the receipts of readings received before `before`; answers how many. */
    async purgeReceipts(before: Date): Promise<number> {
      return countOf(
        await db.execute(
          sql`delete from device_receipts where received_at < ${before.toISOString()}::timestamptz`,
        ),
      );
    },
  };
}
