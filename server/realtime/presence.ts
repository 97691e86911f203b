import { and, eq, sql } from 'drizzle-orm';
import { hasRole } from '../../contract/roles';
import type { OnlineUser } from '../../contract/socket';
import { visibleAmong } from '../access/contacts';
import type { Database } from '../db/client';
import { presenceSockets } from '../db/schema/cluster';
import { users as userTable } from '../db/schema/users';
import { userRoom } from './rooms';

/** Who is online across processes, as LiveLifts needs it: user ids and whether any staff or dev is. */
export interface Audience {
  userIds: Set<string>;
  staff: boolean;
  /** Every one online is staff: nobody needs the lifts' people looked up. */
  allStaff: boolean;
  devs: boolean;
}

/** A cross-process snapshot is reused this long (ms): other processes' comings show within it. */
const SNAPSHOT_MS = 1000;

/**
 * Who is online: a user stays online while at least one of his sockets (tabs, devices) is, on any
 * process sharing the database. Each socket is a row of `presence_sockets` under its process's
 * node (server/realtime/cluster.ts); a dead process's rows are swept with it (docs/scaling.md).
 */
export class Presence {
  /** This process's sockets, kept to record them again if this node was taken for dead. */
  private readonly local = new Map<string, string>();
  private snapshot: { at: number; users: Promise<OnlineUser[]> } | undefined;
  private last: Audience = { userIds: new Set(), staff: false, allStaff: true, devs: false };

  constructor(
    private readonly db: Database,
    private readonly nodeId: string,
  ) {}

  /** Returns true when this made the user appear online. */
  async add(user: OnlineUser, socketId: string): Promise<boolean> {
    this.local.set(socketId, user.id);
    await this.db
      .insert(presenceSockets)
      .values({ nodeId: this.nodeId, socketId, userId: user.id })
      .onConflictDoNothing();
    this.refresh();
    return (await this.socketsOf(user.id)) === 1;
  }

  /** Returns true when this made the user go offline. */
  async remove(userId: string, socketId: string): Promise<boolean> {
    this.local.delete(socketId);
    await this.db
      .delete(presenceSockets)
      .where(and(eq(presenceSockets.nodeId, this.nodeId), eq(presenceSockets.socketId, socketId)));
    this.refresh();
    return (await this.socketsOf(userId)) === 0;
  }

  /** After this node was taken for dead: its sockets are recorded again. */
  async rejoin() {
    const rows = [...this.local].map(([socketId, userId]) => ({ nodeId: this.nodeId, socketId, userId }));
    if (rows.length > 0) await this.db.insert(presenceSockets).values(rows).onConflictDoNothing();
    this.refresh();
  }

  /** Rows changed (here, or a sweep): read them again now, so `lastAudience` is fresh soon. */
  refresh() {
    this.snapshot = undefined;
    void this.list().catch(() => {});
  }

  private async socketsOf(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(presenceSockets)
      .where(eq(presenceSockets.userId, userId));
    return row?.count ?? 0;
  }

  async onlineIds(): Promise<Set<string>> {
    return new Set((await this.list()).map((user) => user.id));
  }

  /** Everyone online, by name; read again after a local change, otherwise at most once a second. */
  list(): Promise<OnlineUser[]> {
    const now = Date.now();
    if (!this.snapshot || now - this.snapshot.at > SNAPSHOT_MS) {
      const users = this.db
        .selectDistinct({ id: userTable.id, displayName: userTable.displayName, role: userTable.role })
        .from(presenceSockets)
        .innerJoin(userTable, eq(userTable.id, presenceSockets.userId))
        .then((rows) => rows.sort((a, b) => a.displayName.localeCompare(b.displayName)));
      users.then(
        (rows) => {
          this.last = {
            userIds: new Set(rows.map((row) => row.id)),
            staff: rows.some((row) => hasRole(row.role, 'admin')),
            allStaff: rows.every((row) => hasRole(row.role, 'admin')),
            devs: rows.some((row) => hasRole(row.role, 'dev')),
          };
        },
        () => {},
      );
      this.snapshot = { at: now, users };
      // A failed read is not kept.
      users.catch(() => {
        if (this.snapshot?.users === users) this.snapshot = undefined;
      });
    }
    return this.snapshot.users;
  }

  /** Who is online, for the live lift updates (server/modules/lifts/live-lifts.ts). */
  async audience(): Promise<Audience> {
    await this.list();
    return this.last;
  }

  /** The last known audience, without waiting (may be a second old); a read is started. */
  lastAudience(): Audience {
    void this.list().catch(() => {});
    return this.last;
  }
}

/** The sockets the announcer talks to: a room by name, or one socket. */
interface PresenceSockets {
  to(room: string): { emit(event: 'users', online: OnlineUser[]): boolean };
}

/** Waits this long for more comings and goings, so a burst of reconnects is one announcement. */
const ANNOUNCE_DELAY_MS = 100;

/**
 * Tells each online user who of the people he may see is online (`users`), whenever one of them
 * comes or goes. Nobody learns about people outside his contacts' rule (server/access/contacts.ts).
 */
export class PresenceAnnouncer {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Every online user's list is due, not only those who see a changed user. */
  private everyone = false;

  constructor(
    private readonly io: PresenceSockets,
    private readonly presence: Presence,
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** `userId` came or went: the online people who may see him (and he) get their list. */
  changed(userId: string) {
    if (this.closed) return;
    this.pending.add(userId);
    this.arm();
  }

  /**
   * Who may see whom changed (a company, a lift's people): everyone online gets his list again,
   * since those who could see a person before and no longer may must lose him too. Rare: admins'
   * edits, not comings and goings.
   */
  scopeChanged() {
    if (this.closed) return;
    this.everyone = true;
    this.arm();
  }

  private arm() {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush().catch(this.onError);
    }, ANNOUNCE_DELAY_MS);
  }

  /** One more socket of a user already online gets his list. */
  tell(socket: { data: { user: OnlineUser }; emit(event: 'users', online: OnlineUser[]): boolean }) {
    const viewer = socket.data.user.id;
    this.listsFor([viewer])
      .then((lists) => {
        const list = lists.get(viewer);
        if (list && !this.closed) socket.emit('users', list);
      })
      .catch(this.onError);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private async flush() {
    const changed = [...this.pending];
    this.pending.clear();
    const onlineIds = [...(await this.presence.onlineIds())];
    if (this.everyone) {
      this.everyone = false;
      return this.tellAll(onlineIds);
    }
    // The contacts' rule is symmetric: whoever may see a changed user is one he may see.
    const seers = await visibleAmong(this.db, changed, onlineIds);
    const online = new Set(onlineIds);
    const viewers = new Set<string>();
    for (const [userId, seen] of seers) {
      if (online.has(userId)) viewers.add(userId);
      for (const id of seen) viewers.add(id);
    }
    await this.tellAll([...viewers]);
  }

  private async tellAll(viewers: string[]) {
    for (const [viewer, list] of await this.listsFor(viewers)) {
      if (!this.closed) this.io.to(userRoom(viewer)).emit('users', list);
    }
  }

  /** Each viewer's online list: himself and the online people he may see. */
  private async listsFor(viewers: string[]): Promise<Map<string, OnlineUser[]>> {
    const online = await this.presence.list();
    const visible = await visibleAmong(
      this.db,
      viewers,
      online.map((user) => user.id),
    );
    const lists = new Map<string, OnlineUser[]>();
    for (const [viewer, seen] of visible) {
      lists.set(
        viewer,
        online.filter((user) => user.id === viewer || seen.has(user.id)),
      );
    }
    return lists;
  }
}
