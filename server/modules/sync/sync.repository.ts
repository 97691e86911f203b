import { createHash } from 'node:crypto';
import {
  and,
  asc,
  type Column,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import {
  MIRROR_MESSAGE_DAYS,
  SYNC_PULL_DEFAULT_LIMIT,
  type SyncPullResponse,
} from '../../../contract/schemas/sync';
import { DAY_MS } from '../../../contract/time';
import { liftAudienceCondition, liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import { type AlarmRow, alarms } from '../../db/schema/alarms';
import { type BaseEntryRow, baseEntries } from '../../db/schema/base-data';
import { type DescriptionRow, descriptions } from '../../db/schema/descriptions';
import { type LiftFileRow, liftFiles } from '../../db/schema/files';
import { type LiftRow, liftAccessChanges, lifts } from '../../db/schema/lifts';
import { type MaintenanceVisitRow, maintenanceVisits } from '../../db/schema/maintenance';
import { type MessageRow, messageSyncFloors, messages } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import { toAlarm } from '../alarms/alarm-mapper';
import { toBaseEntry } from '../base/base-mapper';
import { toDescription } from '../descriptions/description-mapper';
import { toLiftFile } from '../files/file-mapper';
import { toLifts } from '../lifts/lift-view';
import { toMaintenanceVisit } from '../maintenance/visit-mapper';
import { toMessage } from '../messages/message-mapper';

/**
 * Bump when what a mirror holds changes shape: every client then starts over.
 * v2: descriptions carry `contentDE` and `textDE`, which mirrors filled under v1 lack.
 * v3: lifts bring their files, alarms and maintenance visits, and base data is mirrored, which
 * mirrors filled under v2 lack.
 * v4: lifts carry `maintenance` (their own plan, registration day and first reading), which lifts
 * mirrored under v3 lack.
 */
const CURSOR_FORMAT = 'v4';
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
 * Where a pull stands. `backfill` is set while the messages of lifts that came into scope (by access
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

const emptyDeletions = () => ({
  lifts: [],
  descriptions: [],
  base: [],
  messages: [],
  files: [],
  alarms: [],
  visits: [],
});

/** The client clears its mirror and pulls again without a cursor (`cursor: ''`). */
function resetAnswer(now: Date): PullPage {
  return {
    reset: true,
    lifts: [],
    descriptions: [],
    base: [],
    messages: [],
    files: [],
    alarms: [],
    visits: [],
    deleted: emptyDeletions(),
    cursor: '',
    hasMore: true,
    serverTime: now.toISOString(),
  };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A row that belongs to a lift and travels with it (docs/sync.md#pull). */
type Child =
  | { seq: number; kind: 'message'; row: MessageRow }
  | { seq: number; kind: 'file'; row: LiftFileRow; addedByName: string | null }
  | { seq: number; kind: 'alarm'; row: AlarmRow }
  | { seq: number; kind: 'visit'; row: MaintenanceVisitRow; recordedByName: string | null };

type Change =
  | { seq: number; kind: 'lift'; row: LiftRow }
  | { seq: number; kind: 'description'; row: DescriptionRow }
  | { seq: number; kind: 'base'; row: BaseEntryRow }
  | Child
  | { seq: number; kind: 'access'; liftId: string; userId: string | null; companyId: string | null };

/** Which children to read: after a position, of the user's lifts or of given lifts, oldest first. */
interface ChildRange {
  afterSeq: number;
  upTo?: number;
  /** The stream: children of every lift in the user's scope. */
  user?: ScopeUser;
  /** A backfill: children of these lifts only (already checked to be in scope). */
  liftIds?: string[];
  /** Only live rows (a backfill needs no tombstones). */
  liveOnly: boolean;
  /** Only live rows up to this position (a first sync, `CursorState.liveUpTo`), tombstones after it. */
  liveUpTo?: number | undefined;
  since: Date;
  /** At most `limit + 1` rows of each kind; none: every row up to `upTo` (a page already cut). */
  limit?: number;
}

type ChildTable = typeof messages | typeof liftFiles | typeof alarms | typeof maintenanceVisits;

/** Tombstones only after `liveUpTo` (none: all of them); see `CursorState.liveUpTo`. */
const liveAt = (table: { deletedAt: Column; syncSeq: Column }, liveUpTo: number | undefined) =>
  liveUpTo === undefined ? undefined : or(isNull(table.deletedAt), gt(table.syncSeq, liveUpTo));

/**
 * Per kind of lift child, the condition of a range: position window, tombstones, scope, and the
 * kind's own days. Messages are mirrored for `MIRROR_MESSAGE_DAYS`; files whatever their age;
 * alarms while open, and closed ones of those days; maintenance visits whatever their age.
 */
function childConditions(range: ChildRange) {
  const inRange = (table: ChildTable, window?: SQL) =>
    and(
      gt(table.syncSeq, range.afterSeq),
      range.upTo === undefined ? undefined : lte(table.syncSeq, range.upTo),
      window,
      range.liveOnly ? isNull(table.deletedAt) : liveAt(table, range.liveUpTo),
      range.liftIds
        ? inArray(table.liftId, range.liftIds)
        : range.user
          ? liftScopeCondition(range.user)
          : undefined,
    );
  return {
    messages: inRange(
      messages,
      and(gte(messages.at, range.since), gte(messages.syncSeq, syncFloor(range.since))),
    ),
    files: inRange(liftFiles),
    alarms: inRange(alarms, or(isNull(alarms.closedAt), gte(alarms.closedAt, range.since))),
    visits: inRange(maintenanceVisits),
  };
}

/**
 * The lowest position a reading dated `since` or later can have, by the newest floor the telemetry
 * upkeep recorded at or before it (schema.ts `messageSyncFloors`), or 0: the readings' scan starts
 * there instead of walking the older readings of the cutoff's month (docs/telemetry.md#sync-pull-floor).
 * A sub-select PostgreSQL runs once per statement and uses as the index scan's start.
 */
const syncFloor = (since: Date) =>
  sql`coalesce((select ${messageSyncFloors.minSeq} from ${messageSyncFloors} where ${messageSyncFloors.fromAt} <= ${since.toISOString()}::timestamptz order by ${messageSyncFloors.fromAt} desc limit 1), 0)`;

/** The stream's scope condition reads the lift row; a backfill names its lifts. */
function withLift<Q>(query: Q, table: ChildTable, range: ChildRange): Q {
  return range.liftIds === undefined
    ? (query as Q & { innerJoin(joined: typeof lifts, on: SQL): Q }).innerJoin(
        lifts,
        eq(lifts.id, table.liftId),
      )
    : query;
}

/** `query` in position order, cut at `limit + 1` rows when the range has a limit. */
function ordered<Q extends { orderBy(column: SQL | ChildTable['syncSeq']): Q; limit(n: number): Q }>(
  query: Q,
  table: { syncSeq: ChildTable['syncSeq'] },
  limit: number | undefined,
): Q {
  const sorted = query.orderBy(asc(table.syncSeq));
  return limit === undefined ? sorted : sorted.limit(limit + 1);
}

/** The position reads of `readChildren`'s rows (index reads, nothing mapped), at most `limit + 1` of each kind. */
function childPositionQueries(tx: Transaction, range: ChildRange): SQLWrapper[] {
  const where = childConditions(range);
  return (
    [
      [messages, where.messages],
      [liftFiles, where.files],
      [alarms, where.alarms],
      [maintenanceVisits, where.visits],
    ] as const
  ).map(([table, condition]) =>
    ordered(
      withLift(tx.select({ seq: table.syncSeq }).from(table).$dynamic(), table, range).where(condition),
      table,
      range.limit,
    ),
  );
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

/** Each kind of lift child, read from its `sync_seq` index, merged in position order. */
async function readChildren(tx: Transaction, range: ChildRange): Promise<Child[]> {
  const where = childConditions(range);
  const [messageRows, fileRows, alarmRows, visitRows] = await Promise.all([
    ordered(
      withLift(tx.select({ message: messages }).from(messages).$dynamic(), messages, range).where(
        where.messages,
      ),
      messages,
      range.limit,
    ),
    ordered(
      withLift(
        tx
          .select({ file: liftFiles, addedByName: users.displayName })
          .from(liftFiles)
          .leftJoin(users, eq(users.id, liftFiles.addedBy))
          .$dynamic(),
        liftFiles,
        range,
      ).where(where.files),
      liftFiles,
      range.limit,
    ),
    ordered(
      withLift(tx.select({ alarm: alarms }).from(alarms).$dynamic(), alarms, range).where(where.alarms),
      alarms,
      range.limit,
    ),
    ordered(
      withLift(
        tx
          .select({ visit: maintenanceVisits, recordedByName: users.displayName })
          .from(maintenanceVisits)
          .leftJoin(users, eq(users.id, maintenanceVisits.recordedBy))
          .$dynamic(),
        maintenanceVisits,
        range,
      ).where(where.visits),
      maintenanceVisits,
      range.limit,
    ),
  ]);
  return [
    ...messageRows.map(({ message: row }): Child => ({ seq: row.syncSeq, kind: 'message', row })),
    ...fileRows.map(
      ({ file: row, addedByName }): Child => ({ seq: row.syncSeq, kind: 'file', row, addedByName }),
    ),
    ...alarmRows.map(({ alarm: row }): Child => ({ seq: row.syncSeq, kind: 'alarm', row })),
    ...visitRows.map(
      ({ visit: row, recordedByName }): Child => ({ seq: row.syncSeq, kind: 'visit', row, recordedByName }),
    ),
  ].sort((a, b) => a.seq - b.seq);
}

/** The children of a page, as the answer carries them. */
function childrenAnswer(children: Iterable<Child>) {
  const answer = {
    messages: [] as SyncPullResponse['messages'],
    files: [] as SyncPullResponse['files'],
    alarms: [] as SyncPullResponse['alarms'],
    visits: [] as SyncPullResponse['visits'],
  };
  for (const child of children) {
    if (child.kind === 'message') answer.messages.push(toMessage(child.row));
    else if (child.kind === 'file') answer.files.push(toLiftFile(child.row, child.addedByName));
    else if (child.kind === 'alarm') answer.alarms.push(toAlarm(child.row));
    else answer.visits.push(toMaintenanceVisit(child.row, child.recordedByName));
  }
  return answer;
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
      const stream = {
        lifts: and(gt(lifts.syncSeq, after), liveAt(lifts, liveUpTo), liftAudienceCondition(user)),
        descriptions: and(gt(descriptions.syncSeq, after), liveAt(descriptions, liveUpTo)),
        base: and(gt(baseEntries.syncSeq, after), liveAt(baseEntries, liveUpTo)),
        access: gt(liftAccessChanges.syncSeq, Math.max(after, liveUpTo ?? 0)),
      };
      const children: ChildRange = { afterSeq: after, user, liveOnly: false, liveUpTo, since, limit };
      const positionReads: SQLWrapper[] = [
        tx
          .select({ seq: lifts.syncSeq })
          .from(lifts)
          .where(stream.lifts)
          .orderBy(asc(lifts.syncSeq))
          .limit(limit + 1),
        tx
          .select({ seq: descriptions.syncSeq })
          .from(descriptions)
          .where(stream.descriptions)
          .orderBy(asc(descriptions.syncSeq))
          .limit(limit + 1),
        tx
          .select({ seq: baseEntries.syncSeq })
          .from(baseEntries)
          .where(stream.base)
          .orderBy(asc(baseEntries.syncSeq))
          .limit(limit + 1),
        ...childPositionQueries(tx, children),
      ];
      if (!first) {
        positionReads.push(
          tx
            .select({ seq: liftAccessChanges.syncSeq })
            .from(liftAccessChanges)
            .where(stream.access)
            .orderBy(asc(liftAccessChanges.syncSeq))
            .limit(limit + 1),
        );
      }
      // Positions are unique across tables (one sequence), so the page ends at the `limit`th.
      const positions = (await positionsOf(tx, positionReads)).sort((a, b) => a - b);
      const hasMore = positions.length > limit;
      const pageEnd = positions[Math.min(positions.length, limit) - 1] ?? after;
      const upTo = (table: { syncSeq: Column }, condition: SQL | undefined) =>
        and(condition, lte(table.syncSeq, pageEnd));

      const [liftRows, descriptionRows, baseRows, childRows, accessRows] =
        positions.length === 0
          ? [[], [], [], [], []]
          : await Promise.all([
              tx.select().from(lifts).where(upTo(lifts, stream.lifts)).orderBy(asc(lifts.syncSeq)),
              tx
                .select()
                .from(descriptions)
                .where(upTo(descriptions, stream.descriptions))
                .orderBy(asc(descriptions.syncSeq)),
              tx
                .select()
                .from(baseEntries)
                .where(upTo(baseEntries, stream.base))
                .orderBy(asc(baseEntries.syncSeq)),
              readChildren(tx, { ...children, upTo: pageEnd, limit: undefined }),
              first
                ? Promise.resolve([])
                : tx
                    .select({
                      syncSeq: liftAccessChanges.syncSeq,
                      liftId: liftAccessChanges.liftId,
                      userId: liftAccessChanges.userId,
                      companyId: liftAccessChanges.companyId,
                    })
                    .from(liftAccessChanges)
                    .where(upTo(liftAccessChanges, stream.access))
                    .orderBy(asc(liftAccessChanges.syncSeq)),
            ]);

      const page: Change[] = [
        ...liftRows.map((row) => ({ seq: row.syncSeq, kind: 'lift' as const, row })),
        ...descriptionRows.map((row) => ({ seq: row.syncSeq, kind: 'description' as const, row })),
        ...baseRows.map((row) => ({ seq: row.syncSeq, kind: 'base' as const, row })),
        ...childRows,
        ...accessRows.map((row) => ({ seq: row.syncSeq, kind: 'access' as const, ...row })),
      ].sort((a, b) => a.seq - b.seq);
      let backfillNext: CursorState['backfill'];

      const liftsToSend = new Map<string, LiftRow>();
      const deletedLifts = new Set<string>();
      const descriptionsToSend = new Map<string, DescriptionRow>();
      const deletedDescriptions = new Set<string>();
      const baseToSend = new Map<string, BaseEntryRow>();
      const deletedBase = new Set<string>();
      const childrenToSend = new Map<string, Child>();
      const deletedChildren = {
        message: new Set<string>(),
        file: new Set<string>(),
        alarm: new Set<string>(),
        visit: new Set<string>(),
      };
      const accessChanged = new Set<string>();
      /** Lifts whose access changed for this user or his company: only those may be dropped. */
      const accessLostHere = new Set<string>();
      for (const change of page) {
        switch (change.kind) {
          case 'lift':
            if (change.row.deletedAt) deletedLifts.add(change.row.id);
            else liftsToSend.set(change.row.id, change.row);
            break;
          case 'description':
            if (change.row.deletedAt) deletedDescriptions.add(change.row.id);
            else descriptionsToSend.set(change.row.id, change.row);
            break;
          case 'base':
            if (change.row.deletedAt) deletedBase.add(change.row.id);
            else baseToSend.set(change.row.id, change.row);
            break;
          case 'message':
          case 'file':
          case 'alarm':
          case 'visit':
            if (!change.row.deletedAt) childrenToSend.set(`${change.kind}:${change.row.id}`, change);
            else deletedChildren[change.kind].add(change.row.id);
            break;
          case 'access':
            accessChanged.add(change.liftId);
            if (accessChangeConcerns(change, user)) accessLostHere.add(change.liftId);
            break;
        }
      }

      if (accessChanged.size > 0) {
        const ids = [...accessChanged];
        const visible = await tx
          .select()
          .from(lifts)
          .where(and(inArray(lifts.id, ids), liftScopeCondition(user)));
        for (const row of visible) liftsToSend.set(row.id, row);
        const visibleIds = new Set(visible.map((row) => row.id));
        for (const id of ids) if (!visibleIds.has(id) && accessLostHere.has(id)) deletedLifts.add(id);
        if (visible.length > 0) {
          // A lift that came into scope brings its files and recent messages, but a page stays a
          // page: what does not fit follows in backfill pages before the stream goes on (docs/sync.md).
          const recent = await readChildren(tx, {
            afterSeq: 0,
            upTo: pageEnd,
            liftIds: [...visibleIds],
            liveOnly: true,
            since,
            limit,
          });
          for (const child of recent.slice(0, limit))
            childrenToSend.set(`${child.kind}:${child.row.id}`, child);
          if (recent.length > limit) backfillNext = { from: after, afterSeq: recent[limit - 1]!.seq };
        }
      }
      for (const id of liftsToSend.keys()) deletedLifts.delete(id);

      const position = hasMore || backfillNext ? pageEnd : Math.max(pageEnd, await lastCommittedPosition(tx));
      return {
        reset: false,
        lifts: await toLifts(tx, [...liftsToSend.values()]),
        descriptions: [...descriptionsToSend.values()].map(toDescription),
        base: [...baseToSend.values()].map(toBaseEntry),
        ...childrenAnswer(childrenToSend.values()),
        deleted: {
          lifts: [...deletedLifts],
          descriptions: [...deletedDescriptions],
          base: [...deletedBase],
          messages: [...deletedChildren.message],
          files: [...deletedChildren.file],
          alarms: [...deletedChildren.alarm],
          visits: [...deletedChildren.visit],
        },
        cursor: encodeCursor(position, fingerprint, backfillNext, liveUpTo),
        hasMore: hasMore || backfillNext !== undefined,
        serverTime: now.toISOString(),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The next page of files and messages of lifts that came into scope through access changes after
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
    ? await readChildren(tx, {
        afterSeq: backfill.afterSeq,
        upTo: position,
        liftIds: visible.map((row) => row.id),
        liveOnly: true,
        since,
        limit,
      })
    : [];
  const more = rows.length > limit;
  const sent = rows.slice(0, limit);
  return {
    reset: false,
    lifts: [],
    descriptions: [],
    base: [],
    ...childrenAnswer(sent),
    deleted: emptyDeletions(),
    cursor: encodeCursor(
      position,
      fingerprint,
      more ? { from: backfill.from, afterSeq: sent.at(-1)!.seq } : undefined,
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
  const [row] = rowsOf<{ position: string | number | null }>(
    await db.execute(sql`select greatest(
      (select max(sync_seq) from lifts), (select max(sync_seq) from descriptions),
      (select max(sync_seq) from base_entries),
      (select max(sync_seq) from messages), (select max(sync_seq) from lift_files),
      (select max(sync_seq) from alarms), (select max(sync_seq) from maintenance_visits),
      (select max(sync_seq) from lift_access_changes)) as position`),
  );
  return Number(row?.position ?? 0);
}
