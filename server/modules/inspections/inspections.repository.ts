import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Defect, Inspection, InspectionInput } from '../../../contract/schemas/inspection';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { liftFiles } from '../../db/schema/files';
import { defects, inspectionIntervals, inspections } from '../../db/schema/inspections';
import { lifts } from '../../db/schema/lifts';
import { users } from '../../db/schema/users';
import { toDefect, toInspection } from './inspection-mapper';

/** Statutory inspections, their defects and the lifts' intervals (docs/inspections.md). */
export function createInspectionsRepository(db: Database) {
  const defectById = async (id: string): Promise<Defect | undefined> => {
    const [found] = await db
      .select({ defect: defects, name: users.displayName })
      .from(defects)
      .leftJoin(users, eq(users.id, defects.fixedBy))
      .where(eq(defects.id, id));
    return found && toDefect(found.defect, found.name);
  };
  const inspectionById = async (id: string): Promise<Inspection | undefined> => {
    const [found] = await db
      .select({ inspection: inspections, name: users.displayName })
      .from(inspections)
      .leftJoin(users, eq(users.id, inspections.recordedBy))
      .where(eq(inspections.id, id));
    return found && toInspection(found.inspection, found.name);
  };

  return {
    /**
     * What `inspectionDueList` (contract/inspection-rules.ts) reads, for every lift in the user's
     * scope ('all': every live lift, for the reminder job): the lifts with their own interval, their
     * inspections, and their defects not closed.
     */
    async dueInputs(user: ScopeUser | 'all') {
      const scope = user === 'all' ? isNull(lifts.deletedAt) : liftScopeCondition(user);
      const [liftRows, inspectionRows, defectRows] = await Promise.all([
        db
          .select({
            id: lifts.id,
            uid: lifts.uid,
            address: lifts.address,
            mainEveryMonths: inspectionIntervals.mainEveryMonths,
          })
          .from(lifts)
          .leftJoin(inspectionIntervals, eq(inspectionIntervals.liftId, lifts.id))
          .where(scope),
        db
          .select({
            id: inspections.id,
            liftId: inspections.liftId,
            kind: inspections.kind,
            inspectedOn: inspections.inspectedOn,
            result: inspections.result,
          })
          .from(inspections)
          .innerJoin(lifts, eq(lifts.id, inspections.liftId))
          .where(and(isNull(inspections.deletedAt), scope)),
        db
          .select({
            id: defects.id,
            liftId: defects.liftId,
            inspectionId: defects.inspectionId,
            text: defects.text,
            deadline: defects.deadline,
            fixedAt: defects.fixedAt,
            closedAt: defects.closedAt,
          })
          .from(defects)
          .innerJoin(lifts, eq(lifts.id, defects.liftId))
          .where(and(isNull(defects.deletedAt), isNull(defects.closedAt), scope)),
      ]);
      return {
        lifts: liftRows,
        inspections: inspectionRows.map((row) => ({
          ...row,
          kind: row.kind as Inspection['kind'],
          result: row.result as Inspection['result'],
        })),
        defects: defectRows.map((defect) => ({
          ...defect,
          fixedAt: defect.fixedAt?.toISOString() ?? null,
          closedAt: defect.closedAt?.toISOString() ?? null,
        })),
      };
    },

    /** The lift with its own interval (null: the default), when the user sees it. */
    async liftInScope(
      liftId: string,
      user: ScopeUser,
    ): Promise<{ id: string; ownInterval: number | null } | undefined> {
      const [row] = await db
        .select({ id: lifts.id, ownInterval: inspectionIntervals.mainEveryMonths })
        .from(lifts)
        .leftJoin(inspectionIntervals, eq(inspectionIntervals.liftId, lifts.id))
        .where(and(eq(lifts.id, liftId), liftScopeCondition(user)));
      return row;
    },

    /** A lift's inspections, newest first. */
    async inspections(liftId: string): Promise<Inspection[]> {
      const rows = await db
        .select({ inspection: inspections, name: users.displayName })
        .from(inspections)
        .leftJoin(users, eq(users.id, inspections.recordedBy))
        .where(and(eq(inspections.liftId, liftId), isNull(inspections.deletedAt)))
        .orderBy(desc(inspections.inspectedOn), desc(inspections.createdAt));
      return rows.map(({ inspection, name }) => toInspection(inspection, name));
    },

    /** A lift's defects, by deadline. */
    async defects(liftId: string): Promise<Defect[]> {
      const rows = await db
        .select({ defect: defects, name: users.displayName })
        .from(defects)
        .leftJoin(users, eq(users.id, defects.fixedBy))
        .where(and(eq(defects.liftId, liftId), isNull(defects.deletedAt)))
        .orderBy(asc(defects.deadline), asc(defects.createdAt));
      return rows.map(({ defect, name }) => toDefect(defect, name));
    },

    /** Stores an inspection with the defects it found, in one transaction. */
    async insertInspection(
      liftId: string,
      input: InspectionInput,
      recordedBy: string,
    ): Promise<Inspection & { defects: Defect[] }> {
      const { inspection, found } = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(inspections)
          .values({
            liftId,
            inspectedOn: input.inspectedOn,
            kind: input.kind,
            body: input.body,
            inspector: input.inspector,
            result: input.result,
            reportFileId: input.reportFileId,
            recordedBy,
          })
          .returning();
        if (!inserted) throw new Error('inspection not stored');
        const found =
          input.defects.length === 0
            ? []
            : await tx
                .insert(defects)
                .values(input.defects.map((defect) => ({ ...defect, inspectionId: inserted.id, liftId })))
                .returning();
        return { inspection: inserted, found };
      });
      const [recorder] = await db
        .select({ name: users.displayName })
        .from(users)
        .where(eq(users.id, recordedBy));
      return {
        ...toInspection(inspection, recorder?.name ?? null),
        defects: found.map((defect) => toDefect(defect, null)),
      };
    },

    /** The lift's own interval; null drops it for the default. */
    async setInterval(liftId: string, mainEveryMonths: number | null): Promise<void> {
      await db.transaction(async (tx) => {
        if (mainEveryMonths === null) {
          await tx.delete(inspectionIntervals).where(eq(inspectionIntervals.liftId, liftId));
        } else {
          await tx
            .insert(inspectionIntervals)
            .values({ liftId, mainEveryMonths })
            .onConflictDoUpdate({
              target: inspectionIntervals.liftId,
              set: { mainEveryMonths, updatedAt: sql`now()` },
            });
        }
        // The interval travels with the lift to the mirrors (`Lift.inspectionEveryMonths`): a new
        // sync position, the same version, as a maintenance plan does.
        await tx.execute(sql`update lifts set sync_seq = sync_seq where id = ${liftId}`);
      });
    },

    /**
     * Live files of the lift among `ids`, with whether their bytes are stored here and their type
     * (told by their bytes when they were uploaded, server/lib/file-type.ts).
     */
    async liftFiles(ids: string[], liftId: string): Promise<{ id: string; stored: boolean; type: string }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: liftFiles.id, blobName: liftFiles.blobName, type: liftFiles.type })
        .from(liftFiles)
        .where(and(inArray(liftFiles.id, ids), eq(liftFiles.liftId, liftId), isNull(liftFiles.deletedAt)));
      return rows.map((row) => ({ id: row.id, stored: row.blobName !== null, type: row.type }));
    },

    /** A live inspection of a lift the user sees. */
    async inspectionInScope(
      id: string,
      user: ScopeUser,
    ): Promise<{ id: string; liftId: string } | undefined> {
      const [row] = await db
        .select({ id: inspections.id, liftId: inspections.liftId })
        .from(inspections)
        .innerJoin(lifts, eq(lifts.id, inspections.liftId))
        .where(and(eq(inspections.id, id), isNull(inspections.deletedAt), liftScopeCondition(user)));
      return row;
    },

    /** Links the report; a new version, so that mirrors pull it. */
    async setReport(id: string, reportFileId: string): Promise<Inspection | undefined> {
      await db
        .update(inspections)
        .set({ reportFileId, version: sql`${inspections.version} + 1`, updatedAt: sql`now()` })
        .where(
          and(eq(inspections.id, id), sql`${inspections.reportFileId} is distinct from ${reportFileId}`),
        );
      return inspectionById(id);
    },

    /** A live defect of a lift the user sees. */
    async defectInScope(id: string, user: ScopeUser): Promise<{ id: string; liftId: string } | undefined> {
      const [row] = await db
        .select({ id: defects.id, liftId: defects.liftId })
        .from(defects)
        .innerJoin(lifts, eq(lifts.id, defects.liftId))
        .where(and(eq(defects.id, id), isNull(defects.deletedAt), liftScopeCondition(user)));
      return row;
    },

    /** Marks the defect fixed, once: a defect fixed before keeps its first fix. */
    async fix(
      id: string,
      userId: string,
      fixNote: string,
      fixPhotoUrls: string[],
    ): Promise<Defect | undefined> {
      await db
        .update(defects)
        .set({
          fixedAt: sql`now()`,
          fixedBy: userId,
          fixNote,
          fixPhotoUrls,
          version: sql`${defects.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(defects.id, id), isNull(defects.fixedAt)));
      return defectById(id);
    },

    /** Closes a fixed defect, once; undefined when it is not fixed. */
    async close(id: string, userId: string): Promise<Defect | undefined> {
      const [updated] = await db
        .update(defects)
        .set({
          closedAt: sql`now()`,
          closedBy: userId,
          version: sql`${defects.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(defects.id, id), isNotNull(defects.fixedAt), isNull(defects.closedAt)))
        .returning({ id: defects.id });
      const defect = await defectById(id);
      if (!updated && defect?.fixedAt === null) return undefined;
      return defect;
    },
  };
}
