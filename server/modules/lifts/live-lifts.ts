import { and, inArray, isNull } from 'drizzle-orm';
import type { Alarm } from '../../../contract/schemas/alarm';
import type { Lift } from '../../../contract/schemas/lift';
import type { Message } from '../../../contract/schemas/message';
import { userIdsWhoSeeLifts } from '../../access/lifts';
import type { Database } from '../../db/client';
import { lifts } from '../../db/schema/lifts';
import { definePlugin } from '../../lib/define-plugin';
import type { Audience } from '../../realtime/presence';
import { STAFF_ROOM, userRoom } from '../../realtime/rooms';
import type { UserSocketServer } from '../../realtime/user-socket';
import { loadLifts } from './lift-view';

/** How lifts are shown and who may see them (the lifts module and server/access by default). */
export interface LiftSource {
  loadLifts(db: Database, ids: string[]): Promise<Lift[]>;
  userIdsWhoSeeLifts(db: Database, liftIds: readonly string[]): Promise<Map<string, string[]>>;
}

/** Who is online on any process (server/realtime/presence.ts): now, and as last known without waiting. */
export interface AudienceSource {
  current(): Promise<Audience>;
  last(): Audience;
}

/** Lifts loaded per flush at most; the rest wait for the next one. */
const MAX_PER_FLUSH = 500;
/** Readings sent per flush at most; the rest wait for the next one. */
const MAX_MESSAGES_PER_FLUSH = 5000;
/**
 * Readings waiting at most. Beyond that the oldest are dropped: their users get them with their
 * next pull (reconnect, page shown again), as they would after a lost connection.
 */
const MAX_WAITING_MESSAGES = 50_000;

/**
 * Sends `lift` to the users who see it whenever it changed, at most once per lift per
 * `intervalMs`: a burst of readings becomes one update per lift and interval. Lifts are loaded
 * in one query per flush, and only those somebody online may see. New and changed readings and
 * alarms go out as `lift:message` and `lift:alarm` in the same flush, to the same users, every one.
 */
/** A row that belongs to a lift, sent as its own event in the flush with its lift. */
type LiveRow = { event: 'lift:message'; row: Message } | { event: 'lift:alarm'; row: Alarm };

export class LiveLifts {
  private readonly dirty = new Set<string>();
  private rows: LiveRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing = false;
  private closed = false;

  constructor(
    private readonly io: UserSocketServer,
    private readonly audience: AudienceSource,
    private readonly db: Database,
    private readonly source: LiftSource,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 500,
  ) {}

  changed(liftIds: Iterable<string>) {
    if (this.closed) return;
    for (const id of liftIds) this.dirty.add(id);
    this.arm();
  }

  /** Readings stored or changed (in commit order): the users who see their lift get each one. */
  message(rows: Iterable<Message>) {
    this.queue(Array.from(rows, (row) => ({ event: 'lift:message' as const, row })));
  }

  /** Alarms opened, acknowledged or closed: the users who see their lift get each one. */
  alarm(rows: Iterable<Alarm>) {
    this.queue(Array.from(rows, (row) => ({ event: 'lift:alarm' as const, row })));
  }

  private queue(rows: LiveRow[]) {
    // Nobody online (on any process, a second ago): nobody to tell; they pull when they come.
    if (this.closed || this.audience.last().userIds.size === 0) return;
    this.rows.push(...rows);
    if (this.rows.length > MAX_WAITING_MESSAGES) this.rows.splice(0, this.rows.length - MAX_WAITING_MESSAGES);
    this.arm();
  }

  private arm() {
    if (this.timer || this.flushing || this.closed) return;
    if (this.dirty.size === 0 && this.rows.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = true;
      this.flush()
        .catch(this.onError)
        .finally(() => {
          this.flushing = false;
          this.arm();
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  private async flush() {
    const ids = [...this.dirty].slice(0, MAX_PER_FLUSH);
    for (const id of ids) this.dirty.delete(id);
    const rows = this.rows.splice(0, MAX_MESSAGES_PER_FLUSH);
    // Who is online on any process: the rooms below reach them wherever their sockets are.
    const online = await this.audience.current();
    if (online.userIds.size === 0) return;
    const liftIds = [...new Set([...ids, ...rows.map(({ row }) => row.liftId)])];
    // Only when somebody online is not staff do we need to know who else sees these lifts.
    const seers = !online.allStaff
      ? await this.source.userIdsWhoSeeLifts(this.db, liftIds)
      : new Map<string, string[]>();
    const recipients = new Map<string, string[]>();
    for (const id of liftIds) {
      const targets = online.staff ? [STAFF_ROOM] : [];
      for (const userId of seers.get(id) ?? []) {
        if (online.userIds.has(userId)) targets.push(userRoom(userId));
      }
      if (targets.length > 0) recipients.set(id, targets);
    }
    if (recipients.size === 0 || this.closed) return;
    for (const { event, row } of rows) {
      const targets = recipients.get(row.liftId);
      if (!targets || this.closed) continue;
      if (event === 'lift:message') this.io.to(targets).emit(event, row);
      else this.io.to(targets).emit(event, row);
    }
    const changed = ids.filter((id) => recipients.has(id));
    if (changed.length === 0) return;
    for (const lift of await this.source.loadLifts(this.db, changed)) {
      const targets = recipients.get(lift.id);
      if (targets && !this.closed) this.io.to(targets).emit('lift', lift);
    }
  }

  /**
   * `lift:removed` at once to the users who no longer see the lift, and to staff when it was
   * deleted (staff see every lift that exists); a pending `lift` for a deleted one is dropped.
   */
  removed(liftId: string, userIds: readonly string[], { deleted }: { deleted: boolean }) {
    if (this.closed) return;
    const rooms = userIds.map(userRoom);
    if (deleted) {
      this.dirty.delete(liftId);
      this.rows = this.rows.filter(({ row }) => row.liftId !== liftId);
      rooms.push(STAFF_ROOM);
    }
    if (rooms.length > 0) this.io.to(rooms).emit('lift:removed', { id: liftId });
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty.clear();
    this.rows = [];
  }
}

/** What the rest of the server tells live lift state (docs/realtime.md). */
export interface LiveLiftUpdates {
  /** These lifts' rows changed (a write, readings committed): the users who see them get `lift`. */
  changed(liftIds: string | Iterable<string>): void;
  /**
   * These readings were stored or changed (readings committed, notes written): the users who see
   * their lift get each as `lift:message`, in the next flush with the lifts' `lift`.
   */
  message(rows: Message | readonly Message[]): void;
  /** These alarms were opened, acknowledged or closed: the users who see their lift get each as `lift:alarm`. */
  alarm(rows: readonly Alarm[]): void;
  /** These users lost sight of the lift (unassigned), or everyone did (`deleted`). */
  removed(liftId: string, userIds: readonly string[], options: { deleted: boolean }): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveLifts: LiveLiftUpdates;
  }
}

export interface LiveLiftsOptions {
  /** How a lift is shown and who sees it; the lifts module's by default. */
  liftSource?: LiftSource;
  /** Delay between live `lift` updates of one lift. */
  intervalMs?: number;
}

/** Live lift state for user sockets, one per process; needs `app.io` (user-socket plugin). */
export const liveLiftsPlugin = definePlugin<LiveLiftsOptions>('live-lifts', async (app, options) => {
  const live = new LiveLifts(
    app.io,
    { current: () => app.presence.audience(), last: () => app.presence.lastAudience() },
    app.db,
    options.liftSource ?? {
      loadLifts: (db, ids) => loadLifts(db, and(inArray(lifts.id, ids), isNull(lifts.deletedAt))),
      userIdsWhoSeeLifts,
    },
    (error) => app.log.warn({ err: error }, 'live lift'),
    options.intervalMs,
  );
  app.decorate('liveLifts', {
    changed: (liftIds) => live.changed(typeof liftIds === 'string' ? [liftIds] : liftIds),
    message: (rows) => live.message(Array.isArray(rows) ? rows : [rows as Message]),
    alarm: (rows) => live.alarm(rows),
    removed: (liftId, userIds, removal) => live.removed(liftId, userIds, removal),
  } satisfies LiveLiftUpdates);
  app.addHook('onClose', async () => live.close());
});
