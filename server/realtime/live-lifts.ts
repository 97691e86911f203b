import type { Lift } from '../../contract/schemas/lift';
import type { Database } from '../db/client';
import type { UserSocketServer } from './user-socket';

/** How lifts are shown and who may see them: functions of the lifts module. */
export interface LiftSource {
  loadLifts(db: Database, ids: string[]): Promise<Lift[]>;
  userIdsWhoSeeLifts(db: Database, liftIds: readonly string[]): Promise<Map<string, string[]>>;
}

/** Room of every socket of one user; staff (admin, dev) see all lifts; devs get the device console. */
export const userRoom = (userId: string) => `user:${userId}`;
export const STAFF_ROOM = 'staff';
export const DEVS_ROOM = 'devs';

/** Lifts loaded per flush at most; the rest wait for the next one. */
const MAX_PER_FLUSH = 500;

/**
 * Sends `lift` to the users who see it whenever it changed, at most once per lift per
 * `intervalMs`: a burst of readings becomes one update per lift and interval. Lifts are loaded
 * in one query per flush, and only those somebody online may see.
 */
export class LiveLifts {
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing = false;
  private closed = false;

  constructor(
    private readonly io: UserSocketServer,
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

  private arm() {
    if (this.timer || this.flushing || this.closed || this.dirty.size === 0) return;
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
    const rooms = this.io.sockets.adapter.rooms;
    const everyone = this.io.sockets.sockets.size;
    if (everyone === 0) return;
    const staff = rooms.get(STAFF_ROOM)?.size ?? 0;
    // Only when somebody online is not staff do we need to know who else sees these lifts.
    const seers = everyone > staff ? await this.source.userIdsWhoSeeLifts(this.db, ids) : new Map();
    const recipients = new Map<string, string[]>();
    for (const id of ids) {
      const targets = staff > 0 ? [STAFF_ROOM] : [];
      for (const userId of seers.get(id) ?? []) {
        const room = userRoom(userId);
        if (rooms.has(room)) targets.push(room);
      }
      if (targets.length > 0) recipients.set(id, targets);
    }
    if (recipients.size === 0 || this.closed) return;
    for (const lift of await this.source.loadLifts(this.db, [...recipients.keys()])) {
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
      rooms.push(STAFF_ROOM);
    }
    if (rooms.length > 0) this.io.to(rooms).emit('lift:removed', { id: liftId });
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty.clear();
  }
}
