import { createHash } from 'node:crypto';
import { and, asc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  MIRROR_MESSAGE_DAYS,
  SYNC_PULL_DEFAULT_LIMIT,
  type SyncPullResponse,
} from '../../../contract/schemas/sync';
import { liftAudienceCondition, liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import {
  type DescriptionRow,
  descriptions,
  type LiftRow,
  liftAccessChanges,
  lifts,
  type MessageRow,
  messages,
} from '../../db/schema';
import { toDescription } from '../descriptions/description-mapper';
import { toLifts } from '../lifts/lift-view';
import { toMessage } from '../messages/message-mapper';

const DAY_MS = 86_400_000;
/** Bump when what a mirror holds changes shape: every client then starts over. */
const CURSOR_FORMAT = 'v1';
const CURSOR_PATTERN = /^v1:(\d{1,15}):([A-Za-z0-9_-]{16})$/;

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

export function encodeCursor(position: number, fingerprint: string): string {
  return Buffer.from(`${CURSOR_FORMAT}:${position}:${fingerprint}`).toString('base64url');
}

/** The sync position of a cursor, or null when it is malformed or made for another scope. */
export function decodeCursor(cursor: string, fingerprint: string): number | null {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || match[2] !== fingerprint) return null;
  return Number(match[1]);
}

export interface PullOptions {
  cursor?: string | undefined;
  limit?: number | undefined;
}

const emptyDeletions = () => ({ lifts: [], descriptions: [], messages: [] });

/** The client clears its mirror and pulls again without a cursor (`cursor: ''`). */
function resetAnswer(now: Date): SyncPullResponse {
  return {
    reset: true,
    lifts: [],
    descriptions: [],
    messages: [],
    deleted: emptyDeletions(),
    cursor: '',
    hasMore: true,
    serverTime: now.toISOString(),
  };
}

type Change =
  | { seq: number; kind: 'lift'; row: LiftRow }
  | { seq: number; kind: 'description'; row: DescriptionRow }
  | { seq: number; kind: 'message'; row: MessageRow }
  | { seq: number; kind: 'access'; liftId: string; userId: string | null; companyId: string | null };

/**
 * One page of the changes after the cursor's position, in sync position order, for the user's
 * scope (docs/sync.md). Each table is read from its `sync_seq` index, at most `limit + 1` rows, and
 * the merge is cut at `limit`. All reads share one snapshot, so no change commits between them.
 */
export async function pullChanges(
  db: Database,
  user: ScopeUser,
  options: PullOptions,
  now = new Date(),
): Promise<SyncPullResponse> {
  const limit = options.limit ?? SYNC_PULL_DEFAULT_LIMIT;
  const fingerprint = scopeFingerprint(user);
  let after = 0;
  if (options.cursor) {
    const position = decodeCursor(options.cursor, fingerprint);
    if (position === null) return resetAnswer(now);
    after = position;
  }
  // The first sync (position 0) needs no tombstones, and no access changes: every lift in scope
  // and every message of it arrives through its own row.
  const first = after === 0;
  const since = new Date(now.getTime() - MIRROR_MESSAGE_DAYS * DAY_MS);

  return db.transaction(
    async (tx) => {
      if (!first && after > (await lastDrawnPosition(tx))) return resetAnswer(now);

      const [liftRows, descriptionRows, messageRows, accessRows] = await Promise.all([
        tx
          .select()
          .from(lifts)
          .where(
            and(
              gt(lifts.syncSeq, after),
              first ? isNull(lifts.deletedAt) : undefined,
              liftAudienceCondition(user),
            ),
          )
          .orderBy(asc(lifts.syncSeq))
          .limit(limit + 1),
        tx
          .select()
          .from(descriptions)
          .where(and(gt(descriptions.syncSeq, after), first ? isNull(descriptions.deletedAt) : undefined))
          .orderBy(asc(descriptions.syncSeq))
          .limit(limit + 1),
        tx
          .select({ message: messages })
          .from(messages)
          .innerJoin(lifts, eq(lifts.id, messages.liftId))
          .where(
            and(
              gt(messages.syncSeq, after),
              gte(messages.at, since),
              first ? isNull(messages.deletedAt) : undefined,
              liftScopeCondition(user),
            ),
          )
          .orderBy(asc(messages.syncSeq))
          .limit(limit + 1),
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
              .where(gt(liftAccessChanges.syncSeq, after))
              .orderBy(asc(liftAccessChanges.syncSeq))
              .limit(limit + 1),
      ]);

      const merged: Change[] = [
        ...liftRows.map((row) => ({ seq: row.syncSeq, kind: 'lift' as const, row })),
        ...descriptionRows.map((row) => ({ seq: row.syncSeq, kind: 'description' as const, row })),
        ...messageRows.map(({ message: row }) => ({ seq: row.syncSeq, kind: 'message' as const, row })),
        ...accessRows.map((row) => ({ seq: row.syncSeq, kind: 'access' as const, ...row })),
      ].sort((a, b) => a.seq - b.seq);
      const hasMore = merged.length > limit;
      const page = merged.slice(0, limit);

      const liftsToSend = new Map<string, LiftRow>();
      const deletedLifts = new Set<string>();
      const descriptionsToSend = new Map<string, DescriptionRow>();
      const deletedDescriptions = new Set<string>();
      const messagesToSend = new Map<string, MessageRow>();
      const deletedMessages = new Set<string>();
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
          case 'message':
            if (change.row.deletedAt) deletedMessages.add(change.row.id);
            else messagesToSend.set(change.row.id, change.row);
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
          const recent = await tx
            .select()
            .from(messages)
            .where(
              and(
                inArray(messages.liftId, [...visibleIds]),
                gte(messages.at, since),
                isNull(messages.deletedAt),
              ),
            );
          for (const row of recent) messagesToSend.set(row.id, row);
        }
      }
      for (const id of liftsToSend.keys()) deletedLifts.delete(id);

      const last = page.at(-1)?.seq ?? after;
      const position = hasMore ? last : Math.max(last, await lastCommittedPosition(tx));
      return {
        reset: false,
        lifts: await toLifts(tx, [...liftsToSend.values()]),
        descriptions: [...descriptionsToSend.values()].map(toDescription),
        messages: [...messagesToSend.values()].map(toMessage),
        deleted: {
          lifts: [...deletedLifts],
          descriptions: [...deletedDescriptions],
          messages: [...deletedMessages],
        },
        cursor: encodeCursor(position, fingerprint),
        hasMore,
        serverTime: now.toISOString(),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
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
      (select max(sync_seq) from messages), (select max(sync_seq) from lift_access_changes)) as position`),
  );
  return Number(row?.position ?? 0);
}
