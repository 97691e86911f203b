import { and, eq, gt, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type SessionRow, sessions, type UserRow, users } from '../db/schema/users';

/** Why a session ended; kept on the row for the audit trail. */
export type SessionEndReason = 'logout' | 'password' | 'reset' | 'role' | 'disabled' | 'deleted';

/** Sign-ins (docs/access.md#sessions): opened at sign-in, ended by logout and account changes. */
export function createSessionsRepository(db: Database) {
  return {
    async open(userId: string, expiresAt: Date): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning();
      return row!;
    },

    /** The user and session a token names, while the session is open and before its end. */
    async findOpen(sessionId: string, userId: string, now = new Date()) {
      const [row] = await db
        .select({ user: users, session: sessions })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            isNull(sessions.endedAt),
            gt(sessions.expiresAt, now),
          ),
        )
        .limit(1);
      return row as { user: UserRow; session: SessionRow } | undefined;
    },

    /** Ends the open sessions `which` selects and answers their ids (to close their sockets). */
    async end(which: SQL, reason: SessionEndReason): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ endedAt: new Date(), endReason: reason })
        .where(and(which, isNull(sessions.endedAt)))
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },

    /** Ended and expired sessions older than `before` are only history: removed. */
    async purge(before: Date) {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.endedAt, before)));
    },
  };
}

/** One session. */
export const sessionIs = (sessionId: string) => eq(sessions.id, sessionId);

/** Every session of a user, or every one but `except` (the one that changed the password). */
export const sessionsOf = (userId: string, except?: string) =>
  except ? (and(eq(sessions.userId, userId), ne(sessions.id, except)) as SQL) : eq(sessions.userId, userId);
