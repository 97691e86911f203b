import { createHash } from 'node:crypto';
import {
  and,
  asc,
  type Column,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import {
  emptyListPerTable,
  LIFT_CHILD_TABLES,
  MIRROR_SHAPE_VERSION,
  MIRRORED_TABLE_NAMES,
  type MirroredTableName,
  type MirroredTablesOf,
} from '../../../contract/mirrored-tables';
import {
  MIRROR_MESSAGE_DAYS,
  SYNC_PULL_DEFAULT_LIMIT,
  type SyncPullResponse,
} from '../../../contract/schemas/sync';
import { DAY_MS } from '../../../contract/time';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import { liftAccessChanges, lifts } from '../../db/schema/lifts';
import {
  PULLED_TABLES,
  type PullRange,
  type RowQuery,
  rowQuery,
  type Selected,
  type SyncedTable,
} from './pulled-tables';

/**
 * The cursor's format: what a mirror holds changed shape when it changes, and every client then
 * starts over (contract/mirrored-tables.ts `shapeVersion`).
 */
const CURSOR_FORMAT = `v${MIRROR_SHAPE_VERSION}`;
/**
 * `format:position:fingerprint`, `:from:afterSeq` while lifts that came into scope are backfilled,
 * and `/liveUpTo` while a first sync has not yet passed the position its first page was read at.
 */
const CURSOR_PATTERN = new RegExp(
  `^${CURSOR_FORMAT}:(\\d{1,15}):([A-Za-z0-9_-]{16})(?::(\\d{1,15}):(\\d{1,15}))?(?:/(\\d{1,15}))?$`,
);

/**
 * What decides the user's scope wholesale. A cursor made under other inputs cannot be continued:
 * rows the user saw may be out of scope now without any change of theirs to tell him.
 */
export function scopeFingerprint(user: ScopeUser): string {
  return createHash('sha256')
    .update([CURSOR_FORMAT, user.id, user.role, user.companyId ?? '', MIRROR_MESSAGE_DAYS].join('|'))
    .digest('base64url')
    .slice(0, 16);
}

/**
 * Where a pull stands. `backfill` is set while the children of lifts that came into scope (by access
 * changes after `from` up to `position`) are still being sent, page by page after `afterSeq`.
 */
interface CursorState {
  position: number;
  backfill?: { from: number; afterSeq: number } | undefined;
  /**
   * During a first sync: the highest position committed when its first page was read. Every change
   * up to it was in force for every page since (positions commit in order), so up to it no
   * tombstone and no access change has anything to tell a mirror that started empty; a lift
   * assigned after it was written would otherwise come twice (docs/sync.md#first-sync).
   */
  liveUpTo?: number | undefined;
}

export function encodeCursor(
  position: number,
  fingerprint: string,
  backfill?: CursorState['backfill'],
  liveUpTo?: number,
): string {
  const tail = backfill ? `:${backfill.from}:${backfill.afterSeq}` : '';
  const live = liveUpTo !== undefined && position < liveUpTo ? `/${liveUpTo}` : '';
  return Buffer.from(`${CURSOR_FORMAT}:${position}:${fingerprint}${tail}${live}`).toString('base64url');
}

/** Where a cursor stands, or null when it is malformed or made for another scope. */
function decodeCursor(cursor: string, fingerprint: string): CursorState | null {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || match[2] !== fingerprint) return null;
  const position = Number(match[1]);
  const liveUpTo = match[5] === undefined ? undefined : Number(match[5]);
  if (match[3] === undefined || match[4] === undefined) return { position, liveUpTo };
  return { position, backfill: { from: Number(match[3]), afterSeq: Number(match[4]) }, liveUpTo };
}

/** A pull answer but the settings, which the route adds (they are not the database's to read). */
export type PullPage = Omit<SyncPullResponse, 'settings'>;

export interface PullOptions {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** The client clears its mirror and pulls again without a cursor (`cursor: ''`). */
function resetAnswer(now: Date): PullPage {
  return {
    reset: true,
    ...emptyListPerTable(),
    deleted: emptyListPerTable(),
    cursor: '',
    hasMore: true,
    serverTime: now.toISOString(),
  };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A row a read found, and its table. */
interface ReadRow {
  table: MirroredTableName;
  selected: Selected;
}

/** What a page sends of each table: live rows by id (in position order), and the ids to drop. */
type PageTables = Record<MirroredTableName, { send: Map<string, Selected>; deleted: Set<string> }>;

const emptyPage = () =>
  Object.fromEntries(
    MIRRORED_TABLE_NAMES.map((name) => [name, { send: new Map(), deleted: new Set() }]),
  ) as PageTables;

/** A read row into its table's part of the page: a live row to send, a tombstone to drop. */
function keep(page: PageTables, { table, selected }: ReadRow): void {
  if (selected.row.deletedAt) page[table].deleted.add(selected.row.id);
  else page[table].send.set(selected.row.id, selected);
}

/** A page as the answer carries it: each table's rows as the REST API shows them, and its tombstones. */
async function answerOf(
  tx: Transaction,
  page: PageTables,
): Promise<Pick<PullPage, MirroredTableName | 'deleted'>> {
  const rows = await Promise.all(
    MIRRORED_TABLE_NAMES.map((name) => PULLED_TABLES[name].answer(tx, [...page[name].send.values()])),
  );
  return {
    ...(Object.fromEntries(MIRRORED_TABLE_NAMES.map((name, index) => [name, rows[index]])) as Pick<
      PullPage,
      MirroredTableName
    >),
    deleted: Object.fromEntries(
      MIRRORED_TABLE_NAMES.map((name) => [name, [...page[name].deleted]]),
    ) as PullPage['deleted'],
  };
}

const isLiftChild = (name: MirroredTableName): name is MirroredTablesOf<'liftChild'> =>
  (LIFT_CHILD_TABLES as readonly MirroredTableName[]).includes(name);

/** Tombstones only after `liveUpTo` (none: all of them); see `CursorState.liveUpTo`. */
const liveAt = (table: { deletedAt: Column; syncSeq: Column }, liveUpTo: number | undefined) =>
  liveUpTo === undefined ? undefined : or(isNull(table.deletedAt), gt(table.syncSeq, liveUpTo));

/**
 * The rows of a table in a range: position window, tombstones, the table's own condition
 * (pulled-tables.ts), and for a lift's children their lift: in the user's scope, or one of the
 * lifts a backfill names.
 */
function rangeCondition(name: MirroredTableName, range: PullRange): SQL | undefined {
  const { table } = PULLED_TABLES[name];
  return and(
    gt(table.syncSeq, range.afterSeq),
    range.upTo === undefined ? undefined : lte(table.syncSeq, range.upTo),
    PULLED_TABLES[name].where?.(range),
    range.liveOnly ? isNull(table.deletedAt) : liveAt(table, range.liveUpTo),
    isLiftChild(name)
      ? range.liftIds
        ? inArray(PULLED_TABLES[name].table.liftId, range.liftIds)
        : liftScopeCondition(range.user)
      : undefined,
  );
}

/**
 * `query` narrowed to the range of table `name`, in position order, cut at `limit + 1` rows when the
 * range has a limit. A lift child's scope by user reads its lift's row; a backfill names its lifts.
 */
function inRange<S>(query: RowQuery<S>, name: MirroredTableName, range: PullRange): RowQuery<S> {
  const joined =
    isLiftChild(name) && range.liftIds === undefined
      ? query.innerJoin(lifts, eq(lifts.id, PULLED_TABLES[name].table.liftId))
      : query;
  const sorted = joined.where(rangeCondition(name, range)).orderBy(asc(PULLED_TABLES[name].table.syncSeq));
  return range.limit === undefined ? sorted : sorted.limit(range.limit + 1);
}

/** The position reads of `readRows`'s rows (index reads, nothing mapped), at most `limit + 1` of each table. */
function positionReads(tx: Transaction, names: readonly MirroredTableName[], range: PullRange): SQLWrapper[] {
  return names.map((name) => {
    const table: SyncedTable = PULLED_TABLES[name].table;
    return inRange(rowQuery(tx.select({ seq: table.syncSeq }).from(table).$dynamic()), name, range);
  });
}

/**
 * The positions of several reads as one statement (`union all`, each read in parentheses keeps its
 * own order and limit): one round trip instead of one per table (docs/sync.md#first-sync).
 */
async function positionsOf(tx: Transaction, reads: SQLWrapper[]): Promise<number[]> {
  // Drizzle writes each read's column as `sync_seq`, without the alias a select maps by position.
  const rows = rowsOf<{ sync_seq: string | number }>(
    await tx.execute(sql`select sync_seq from (${sql.join(reads, sql` union all `)}) as positions`),
  );
  return rows.map((row) => Number(row.sync_seq));
}

/** Each table's rows in the range, read from its `sync_seq` index, merged in position order. */
async function readRows(
  tx: Transaction,
  names: readonly MirroredTableName[],
  range: PullRange,
): Promise<ReadRow[]> {
  const reads = await Promise.all(
    names.map(async (name) =>
      (await inRange(PULLED_TABLES[name].select(tx), name, range)).map(
        (selected): ReadRow => ({ table: name, selected }),
      ),
    ),
  );
  return reads.flat().sort((a, b) => a.selected.row.syncSeq - b.selected.row.syncSeq);
}

/**
 * One page of the changes after the cursor's position, in sync position order, for the user's
 * scope (docs/sync.md). The page's last position is found first from each table's `sync_seq`
 * index (positions only, at most `limit + 1` of each), then each table is read up to it. All reads
 * share one snapshot, so no change commits between them.
 */
export async function pullChanges(
  db: Database,
  user: ScopeUser,
  options: PullOptions,
  now = new Date(),
): Promise<PullPage> {
  const limit = options.limit ?? SYNC_PULL_DEFAULT_LIMIT;
  const fingerprint = scopeFingerprint(user);
  let after = 0;
  let backfill: CursorState['backfill'];
  let liveUpTo: number | undefined;
  if (options.cursor) {
    const state = decodeCursor(options.cursor, fingerprint);
    if (state === null) return resetAnswer(now);
    after = state.position;
    backfill = state.backfill;
    liveUpTo = state.liveUpTo;
  }
  // The first sync needs no tombstones, and no access changes, up to the position of its first
  // page (`CursorState.liveUpTo`): every lift in scope and every message of it arrives through its
  // own row.
  const first = after === 0;
  const since = new Date(now.getTime() - MIRROR_MESSAGE_DAYS * DAY_MS);

  return db.transaction(
    async (tx) => {
      if (!first && after > (await lastDrawnPosition(tx))) return resetAnswer(now);
      if (backfill) {
        return backfillPage(
          tx,
          user,
          { position: after, backfill, liveUpTo },
          { limit, since, fingerprint, now },
        );
      }
      if (first) liveUpTo = await lastCommittedPosition(tx);

      // The page's end first, from positions only (index reads, nothing mapped); then the rows up
      // to it, so no table is read deeper than the page (docs/sync.md#first-sync).
      const stream: PullRange = { afterSeq: after, user, liveOnly: false, liveUpTo, since, limit };
      const access = gt(liftAccessChanges.syncSeq, Math.max(after, liveUpTo ?? 0));
      const reads = positionReads(tx, MIRRORED_TABLE_NAMES, stream);
      if (!first) {
        reads.push(
          tx
            .select({ seq: liftAccessChanges.syncSeq })
            .from(liftAccessChanges)
            .where(access)
            .orderBy(asc(liftAccessChanges.syncSeq))
            .limit(limit + 1),
        );
      }
      // Positions are unique across tables (one sequence), so the page ends at the `limit`th.
      const positions = (await positionsOf(tx, reads)).sort((a, b) => a - b);
      const hasMore = positions.length > limit;
      const pageEnd = positions[Math.min(positions.length, limit) - 1] ?? after;

      const [rows, accessRows] =
        positions.length === 0
          ? [[], []]
          : await Promise.all([
              readRows(tx, MIRRORED_TABLE_NAMES, { ...stream, upTo: pageEnd, limit: undefined }),
              first
                ? Promise.resolve([])
                : tx
                    .select({
                      liftId: liftAccessChanges.liftId,
                      userId: liftAccessChanges.userId,
                      companyId: liftAccessChanges.companyId,
                    })
                    .from(liftAccessChanges)
                    .where(and(access, lte(liftAccessChanges.syncSeq, pageEnd)))
                    .orderBy(asc(liftAccessChanges.syncSeq)),
            ]);

      const page = emptyPage();
      for (const row of rows) keep(page, row);
      let backfillNext: CursorState['backfill'];

      const accessChanged = new Set<string>();
      /** Lifts whose access changed for this user or his company: only those may be dropped. */
      const accessLostHere = new Set<string>();
      for (const change of accessRows) {
        accessChanged.add(change.liftId);
        if (accessChangeConcerns(change, user)) accessLostHere.add(change.liftId);
      }

      if (accessChanged.size > 0) {
        const ids = [...accessChanged];
        const visible = await PULLED_TABLES.lifts
          .select(tx)
          .where(and(inArray(lifts.id, ids), liftScopeCondition(user)));
        for (const selected of visible) page.lifts.send.set(selected.row.id, selected);
        const visibleIds = new Set(visible.map(({ row }) => row.id));
        for (const id of ids) if (!visibleIds.has(id) && accessLostHere.has(id)) page.lifts.deleted.add(id);
        if (visible.length > 0) {
          // A lift that came into scope brings its children, but a page stays a page: what does
          // not fit follows in backfill pages before the stream goes on (docs/sync.md).
          const recent = await readRows(tx, LIFT_CHILD_TABLES, {
            afterSeq: 0,
            upTo: pageEnd,
            user,
            liftIds: [...visibleIds],
            liveOnly: true,
            since,
            limit,
          });
          for (const row of recent.slice(0, limit)) keep(page, row);
          if (recent.length > limit) {
            backfillNext = { from: after, afterSeq: recent[limit - 1]!.selected.row.syncSeq };
          }
        }
      }
      for (const id of page.lifts.send.keys()) page.lifts.deleted.delete(id);

      const position = hasMore || backfillNext ? pageEnd : Math.max(pageEnd, await lastCommittedPosition(tx));
      return {
        reset: false,
        ...(await answerOf(tx, page)),
        cursor: encodeCursor(position, fingerprint, backfillNext, liveUpTo),
        hasMore: hasMore || backfillNext !== undefined,
        serverTime: now.toISOString(),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The next page of the children of lifts that came into scope through access changes after
 * `backfill.from` up to `position`; when they are all sent, the cursor goes back to the stream at
 * `position`. Later changes of these lifts come with the stream.
 */
async function backfillPage(
  tx: Transaction,
  user: ScopeUser,
  { position, backfill, liveUpTo }: CursorState & Required<Pick<CursorState, 'backfill'>>,
  { limit, since, fingerprint, now }: { limit: number; since: Date; fingerprint: string; now: Date },
): Promise<PullPage> {
  const changed = await tx
    .selectDistinct({ liftId: liftAccessChanges.liftId })
    .from(liftAccessChanges)
    .where(and(gt(liftAccessChanges.syncSeq, backfill.from), lte(liftAccessChanges.syncSeq, position)));
  const visible = changed.length
    ? await tx
        .select({ id: lifts.id })
        .from(lifts)
        .where(
          and(
            inArray(
              lifts.id,
              changed.map((row) => row.liftId),
            ),
            liftScopeCondition(user),
          ),
        )
    : [];
  const rows = visible.length
    ? await readRows(tx, LIFT_CHILD_TABLES, {
        afterSeq: backfill.afterSeq,
        upTo: position,
        user,
        liftIds: visible.map((row) => row.id),
        liveOnly: true,
        since,
        limit,
      })
    : [];
  const more = rows.length > limit;
  const sent = rows.slice(0, limit);
  const page = emptyPage();
  for (const row of sent) keep(page, row);
  return {
    reset: false,
    ...(await answerOf(tx, page)),
    cursor: encodeCursor(
      position,
      fingerprint,
      more ? { from: backfill.from, afterSeq: sent.at(-1)!.selected.row.syncSeq } : undefined,
      liveUpTo,
    ),
    // Done or not, the stream after `position` is still to come.
    hasMore: true,
    serverTime: now.toISOString(),
  };
}

/**
 * Whether an access change may have taken a lift from `user`: it was his own assignment or role,
 * or, for a customer admin, one of his company's customers. Staff see every live lift, so they
 * lose lifts only by deletion, which comes as the lift's tombstone.
 */
function accessChangeConcerns(
  change: { userId: string | null; companyId: string | null },
  user: ScopeUser,
): boolean {
  if (change.userId === user.id) return true;
  return user.role === 'customer_admin' && user.companyId !== null && change.companyId === user.companyId;
}

/** The highest position the sequence has handed out, committed or not; 0 before the first. */
async function lastDrawnPosition(db: Database): Promise<number> {
  const [row] = rowsOf<{ position: string | number }>(
    await db.execute(sql`select case when is_called then last_value else 0 end as position from sync_seq`),
  );
  return Number(row?.position ?? 0);
}

/**
 * The highest position committed in this snapshot. Positions commit in order (migration 0003), so
 * every change up to it is visible here and a cursor may skip to it when nothing else is left.
 */
async function lastCommittedPosition(db: Database): Promise<number> {
  const tables: SyncedTable[] = MIRRORED_TABLE_NAMES.map((name) => PULLED_TABLES[name].table);
  const highest = [...tables, liftAccessChanges].map(
    (table) => sql`(select max(${table.syncSeq}) from ${table})`,
  );
  const [row] = rowsOf<{ position: string | number | null }>(
    await db.execute(sql`select greatest(${sql.join(highest, sql`, `)}) as position`),
  );
  return Number(row?.position ?? 0);
}
