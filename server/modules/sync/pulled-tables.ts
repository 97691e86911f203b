import { and, type Column, eq, gte, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MIRRORED_TABLES, MirroredRowOf, MirroredTableName } from '../../../contract/mirrored-tables';
import { liftAudienceCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { alarms } from '../../db/schema/alarms';
import { baseEntries } from '../../db/schema/base-data';
import { descriptions } from '../../db/schema/descriptions';
import { liftFiles } from '../../db/schema/files';
import { defects, inspections } from '../../db/schema/inspections';
import { lifts } from '../../db/schema/lifts';
import { maintenanceVisits } from '../../db/schema/maintenance';
import { messageSyncFloors, messages } from '../../db/schema/messages';
import { serviceReports } from '../../db/schema/service-reports';
import { users } from '../../db/schema/users';
import { toAlarm } from '../alarms/alarm-mapper';
import { toBaseEntry } from '../base/base-mapper';
import { toDescription } from '../descriptions/description-mapper';
import { toLiftFile } from '../files/file-mapper';
import { toDefect, toInspection } from '../inspections/inspection-mapper';
import { toLifts } from '../lifts/lift-view';
import { toMaintenanceVisit } from '../maintenance/visit-mapper';
import { toMessagesWithNotes } from '../messages/messages.repository';
import { toServiceReport } from '../service-reports/report-mapper';

/** A table the pull reads: every write gives its row a new position (`sync_seq`), deletions leave tombstones. */
export type SyncedTable = PgTable & { id: AnyPgColumn; syncSeq: AnyPgColumn; deletedAt: AnyPgColumn };
/** The table of a lift's children also names the lift. */
type LiftChildTable = SyncedTable & { liftId: AnyPgColumn };

/** One row as a table's read selects it: the table's row under `row`, with what its answer needs. */
export interface Selected {
  row: { id: string; syncSeq: number; deletedAt: Date | null };
}

/** Which rows a read covers (sync.repository.ts builds it): positions, tombstones, scope, days. */
export interface PullRange {
  /** After this position … */
  afterSeq: number;
  /** … up to this one (none: the read is cut at `limit` instead). */
  upTo?: number | undefined;
  user: ScopeUser;
  /** A backfill: only the children of these lifts (already checked to be in scope). */
  liftIds?: string[] | undefined;
  /** Only live rows (a backfill needs no tombstones). */
  liveOnly: boolean;
  /** Only live rows up to this position (a first sync), tombstones after it. */
  liveUpTo?: number | undefined;
  /** The oldest time of a row with days of its own (readings, closed alarms). */
  since: Date;
  /** At most `limit + 1` rows of each table; none: every row up to `upTo`. */
  limit?: number | undefined;
}

/** A select the pull narrows (Drizzle's dynamic select): its rows are `S`. */
export interface RowQuery<S> extends PromiseLike<S[]>, SQLWrapper {
  where(condition: SQL | undefined): RowQuery<S>;
  innerJoin(table: typeof lifts, on: SQL): RowQuery<S>;
  orderBy(...columns: (Column | SQL)[]): RowQuery<S>;
  limit(limit: number): RowQuery<S>;
}

/**
 * How the server pulls one mirrored table (contract/mirrored-tables.ts). The pull adds the
 * positions, the tombstones and, for a `liftChild` table, the scope of its lift (in the user's
 * scope, or one of the lifts a backfill names).
 */
interface PulledTable<N extends MirroredTableName> {
  table: (typeof MIRRORED_TABLES)[N]['scope'] extends 'liftChild' ? LiftChildTable : SyncedTable;
  /** What else decides which rows the user pulls: the lifts' audience, a table's own days. */
  where?(range: PullRange): SQL | undefined;
  /** The rows, with what their answer needs joined. */
  select(db: Database): RowQuery<Selected>;
  /** The rows to send, as the REST API answers them. */
  answer(db: Database, rows: Selected[]): Promise<MirroredRowOf<N>[]> | MirroredRowOf<N>[];
}

/** Ties a table's answer to what its own select reads. */
const pulled = <T extends SyncedTable, S extends Selected, A>(table: {
  table: T;
  where?(range: PullRange): SQL | undefined;
  select(db: Database): RowQuery<S>;
  answer(db: Database, rows: S[]): Promise<A[]> | A[];
}) => table;

/** A Drizzle dynamic select as the pull narrows it. */
export const rowQuery = <S>(query: PromiseLike<S[]> & SQLWrapper) => query as RowQuery<S>;

/**
 * The lowest position a reading dated `since` or later can have, by the newest floor the telemetry
 * upkeep recorded at or before it (schema.ts `messageSyncFloors`), or 0: the readings' scan starts
 * there instead of walking the older readings of the cutoff's month (docs/telemetry.md#sync-pull-floor).
 * A sub-select PostgreSQL runs once per statement and uses as the index scan's start.
 */
const syncFloor = (since: Date) =>
  sql`coalesce((select ${messageSyncFloors.minSeq} from ${messageSyncFloors} where ${messageSyncFloors.fromAt} <= ${since.toISOString()}::timestamptz order by ${messageSyncFloors.fromAt} desc limit 1), 0)`;

/** Each mirrored table's read for the pull (docs/sync.md#pull), under its declared name. */
export const PULLED_TABLES: { [N in MirroredTableName]: PulledTable<N> } = {
  /** Tombstones go only to those who would see the lift (`liftAudienceCondition`). */
  lifts: pulled({
    table: lifts,
    where: (range) => liftAudienceCondition(range.user),
    select: (db) => rowQuery(db.select({ row: lifts }).from(lifts).$dynamic()),
    answer: (db, rows) =>
      toLifts(
        db,
        rows.map(({ row }) => row),
      ),
  }),
  descriptions: pulled({
    table: descriptions,
    select: (db) => rowQuery(db.select({ row: descriptions }).from(descriptions).$dynamic()),
    answer: (_db, rows) => rows.map(({ row }) => toDescription(row)),
  }),
  base: pulled({
    table: baseEntries,
    select: (db) => rowQuery(db.select({ row: baseEntries }).from(baseEntries).$dynamic()),
    answer: (_db, rows) => rows.map(({ row }) => toBaseEntry(row)),
  }),
  /** Of the last `MIRROR_MESSAGE_DAYS`, read from the readings' sync floor on. */
  messages: pulled({
    table: messages,
    where: (range) => and(gte(messages.at, range.since), gte(messages.syncSeq, syncFloor(range.since))),
    select: (db) => rowQuery(db.select({ row: messages }).from(messages).$dynamic()),
    answer: (db, rows) =>
      toMessagesWithNotes(
        db,
        rows.map(({ row }) => row),
      ),
  }),
  /** Whatever their age. */
  files: pulled({
    table: liftFiles,
    select: (db) =>
      rowQuery(
        db
          .select({ row: liftFiles, addedByName: users.displayName })
          .from(liftFiles)
          .leftJoin(users, eq(users.id, liftFiles.addedBy))
          .$dynamic(),
      ),
    answer: (_db, rows) => rows.map(({ row, addedByName }) => toLiftFile(row, addedByName)),
  }),
  /** Open ones, and those closed within `MIRROR_MESSAGE_DAYS`. */
  alarms: pulled({
    table: alarms,
    where: (range) => or(isNull(alarms.closedAt), gte(alarms.closedAt, range.since)),
    select: (db) => rowQuery(db.select({ row: alarms }).from(alarms).$dynamic()),
    answer: (_db, rows) => rows.map(({ row }) => toAlarm(row)),
  }),
  /** Whatever their age. */
  visits: pulled({
    table: maintenanceVisits,
    select: (db) =>
      rowQuery(
        db
          .select({ row: maintenanceVisits, recordedByName: users.displayName })
          .from(maintenanceVisits)
          .leftJoin(users, eq(users.id, maintenanceVisits.recordedBy))
          .$dynamic(),
      ),
    answer: (_db, rows) => rows.map(({ row, recordedByName }) => toMaintenanceVisit(row, recordedByName)),
  }),
  /** Whatever their age. */
  inspections: pulled({
    table: inspections,
    select: (db) =>
      rowQuery(
        db
          .select({ row: inspections, recordedByName: users.displayName })
          .from(inspections)
          .leftJoin(users, eq(users.id, inspections.recordedBy))
          .$dynamic(),
      ),
    answer: (_db, rows) => rows.map(({ row, recordedByName }) => toInspection(row, recordedByName)),
  }),
  /** Whatever their age, closed ones too: they tell the history of the lift's inspections. */
  defects: pulled({
    table: defects,
    select: (db) =>
      rowQuery(
        db
          .select({ row: defects, fixedByName: users.displayName })
          .from(defects)
          .leftJoin(users, eq(users.id, defects.fixedBy))
          .$dynamic(),
      ),
    answer: (_db, rows) => rows.map(({ row, fixedByName }) => toDefect(row, fixedByName)),
  }),
  /** Whatever their age. */
  reports: pulled({
    table: serviceReports,
    select: (db) =>
      rowQuery(
        db
          .select({ row: serviceReports, authorName: users.displayName })
          .from(serviceReports)
          .leftJoin(users, eq(users.id, serviceReports.authorId))
          .$dynamic(),
      ),
    answer: (_db, rows) => rows.map(({ row, authorName }) => toServiceReport(row, authorName)),
  }),
};
