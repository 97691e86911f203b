import { sql } from 'drizzle-orm';

/**
 * The transaction-wide advisory lock that makes sync positions commit in order (migration 0003,
 * docs/sync.md#sync-positions). Every write to a mirrored table takes it before its first row lock;
 * a transaction that locks a lift row itself must take it first too, or it deadlocks with a
 * mirrored write that waits for that row (a foreign key check) while holding the lock.
 */
export const takeSyncLock = sql`select pg_advisory_xact_lock(7411)`;
