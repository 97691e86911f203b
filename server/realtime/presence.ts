import type { OnlineUser } from '../../contract/socket';
import { visibleAmong } from '../access/contacts';
import type { Database } from '../db/client';
import { userRoom } from './rooms';

/** Who is online: a user stays online while at least one of their sockets (tabs, devices) is. */
export class Presence {
  private readonly byUser = new Map<string, { user: OnlineUser; sockets: Set<string> }>();

  /** Returns true when this made the user appear online. */
  add(user: OnlineUser, socketId: string): boolean {
    const entry = this.byUser.get(user.id);
    if (entry) {
      entry.sockets.add(socketId);
      return false;
    }
    this.byUser.set(user.id, { user, sockets: new Set([socketId]) });
    return true;
  }

  /** Returns true when this made the user go offline. */
  remove(userId: string, socketId: string): boolean {
    const entry = this.byUser.get(userId);
    if (!entry?.sockets.delete(socketId) || entry.sockets.size > 0) return false;
    this.byUser.delete(userId);
    return true;
  }

  isOnline(userId: string): boolean {
    return this.byUser.has(userId);
  }

  list(): OnlineUser[] {
    return [...this.byUser.values()]
      .map((entry) => entry.user)
      .sort((a, b) => a.displayName.localeCompare(b.displayName));
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
    const onlineIds = this.presence.list().map((user) => user.id);
    if (this.everyone) {
      this.everyone = false;
      return this.tellAll(onlineIds);
    }
    // The contacts' rule is symmetric: whoever may see a changed user is one he may see.
    const seers = await visibleAmong(this.db, changed, onlineIds);
    const viewers = new Set<string>();
    for (const [userId, seen] of seers) {
      if (this.presence.isOnline(userId)) viewers.add(userId);
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
    const online = this.presence.list();
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
