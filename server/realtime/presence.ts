import type { OnlineUser } from '../../contract/socket';

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
