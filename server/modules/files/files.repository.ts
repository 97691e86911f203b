import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LiftFile } from '../../../contract/schemas/file';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { type LiftFileRow, liftFiles } from '../../db/schema/files';
import { lifts } from '../../db/schema/lifts';
import { users } from '../../db/schema/users';
import { toLiftFile } from './file-mapper';

export type NewLiftFile = Pick<
  typeof liftFiles.$inferInsert,
  'id' | 'uid' | 'liftId' | 'name' | 'size' | 'type' | 'url' | 'blobName' | 'addedBy'
>;

const withAdder = { file: liftFiles, addedByName: users.displayName };

/** Lift files (docs/files.md#lift-files); every read by id goes through the lift's scope. */
export function createFilesRepository(db: Database) {
  return {
    /** Whether the user sees the live lift. */
    async liftInScope(liftId: string, user: ScopeUser): Promise<boolean> {
      const [row] = await db
        .select({ id: lifts.id })
        .from(lifts)
        .where(and(eq(lifts.id, liftId), liftScopeCondition(user)));
      return row !== undefined;
    },

    /** The live files of a lift, newest first (the caller checked the lift's scope). */
    async listByLift(liftId: string): Promise<LiftFile[]> {
      const rows = await db
        .select(withAdder)
        .from(liftFiles)
        .leftJoin(users, eq(users.id, liftFiles.addedBy))
        .where(and(eq(liftFiles.liftId, liftId), isNull(liftFiles.deletedAt)))
        .orderBy(desc(liftFiles.createdAt), desc(liftFiles.id));
      return rows.map(({ file, addedByName }) => toLiftFile(file, addedByName));
    },

    /** A live file of a lift the user sees; undefined when there is none (or not his to see). */
    async findInScope(
      id: string,
      user: ScopeUser,
    ): Promise<{ row: LiftFileRow; file: LiftFile } | undefined> {
      const [found] = await db
        .select(withAdder)
        .from(liftFiles)
        .innerJoin(lifts, eq(lifts.id, liftFiles.liftId))
        .leftJoin(users, eq(users.id, liftFiles.addedBy))
        .where(and(eq(liftFiles.id, id), isNull(liftFiles.deletedAt), liftScopeCondition(user)));
      return found ? { row: found.file, file: toLiftFile(found.file, found.addedByName) } : undefined;
    },

    /** The row of a uid, deleted or not. */
    async findByUid(uid: string): Promise<{ row: LiftFileRow; file: LiftFile } | undefined> {
      const [found] = await db
        .select(withAdder)
        .from(liftFiles)
        .leftJoin(users, eq(users.id, liftFiles.addedBy))
        .where(eq(liftFiles.uid, uid));
      return found ? { row: found.file, file: toLiftFile(found.file, found.addedByName) } : undefined;
    },

    /** Inserts the file; undefined when its uid is taken (a retry that lost the race). */
    async insert(values: NewLiftFile): Promise<LiftFile | undefined> {
      const [row] = await db
        .insert(liftFiles)
        .values(values)
        .onConflictDoNothing({ target: liftFiles.uid })
        .returning();
      if (!row) return undefined;
      const [adder] = row.addedBy
        ? await db.select({ name: users.displayName }).from(users).where(eq(users.id, row.addedBy))
        : [];
      return toLiftFile(row, adder?.name ?? null);
    },

    /** Tombstones a live file (sync tells the mirrors); false when it was not live. */
    async tombstone(id: string): Promise<boolean> {
      const rows = await db
        .update(liftFiles)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${liftFiles.version} + 1` })
        .where(and(eq(liftFiles.id, id), isNull(liftFiles.deletedAt)))
        .returning({ id: liftFiles.id });
      return rows.length > 0;
    },
  };
}
