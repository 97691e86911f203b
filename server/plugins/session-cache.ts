import type { SessionRow, UserRow } from '../db/schema/users';

/** A token's user and open session, as `findOpen` reads them. */
interface SignedRow {
  user: UserRow;
  session: SessionRow;
}

/**
 * Longest a looked-up session is reused. Changes reach the cache at once in this process and by
 * NOTIFY from others (milliseconds); this bounds the time even if a notification were lost on a
 * connection that died without saying so (docs/api.md#caches-and-their-bounds).
 */
const SESSION_CACHE_MS = 2000;
/** A token only lands here after its signature is checked, so this caps memory, not an attack. */
const MAX_ENTRIES = 10_000;

/** Every cache of this process, so that a user's change evicts him from all of them at once. */
const caches = new Set<SessionCache>();

type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * Session lookups of `app.authenticate` (docs/api.md#caches-and-their-bounds), keyed by session id.
 * Used only while `live()` (its NOTIFY subscription is up); otherwise every lookup reads the database.
 * An entry holds the lookup's promise from its start, so an eviction during the read drops it.
 */
export function createSessionCache(
  load: (sessionId: string, userId: string) => Promise<SignedRow | undefined>,
  live: () => boolean,
) {
  const entries = new Map<string, { userId: string; at: number; signed: Promise<SignedRow | undefined> }>();

  const cache = {
    lookUp(sessionId: string, userId: string, now = Date.now()): Promise<SignedRow | undefined> {
      if (!live()) return load(sessionId, userId);
      const known = entries.get(sessionId);
      if (known && known.userId === userId && now - known.at < SESSION_CACHE_MS) return known.signed;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const entry = { userId, at: now, signed: load(sessionId, userId) };
      entries.set(sessionId, entry);
      const drop = () => {
        if (entries.get(sessionId) === entry) entries.delete(sessionId);
      };
      entry.signed.then((found) => found || drop(), drop);
      return entry.signed;
    },
    forgetUser(userId: string) {
      for (const [sessionId, entry] of entries) if (entry.userId === userId) entries.delete(sessionId);
    },
    clear() {
      entries.clear();
    },
    close() {
      entries.clear();
      caches.delete(cache);
    },
  };
  caches.add(cache);
  return cache;
}

/** After a write to a user row in this process: his next request reads the row again. */
export function forgetSignedInUser(userId: string): void {
  for (const cache of caches) cache.forgetUser(userId);
}
