import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BaseCategory, BaseEntry } from '../../../contract/schemas/base';
import { LIFT_BASE_FIELDS, type LiftBaseField } from '../../../contract/schemas/lift';
import type { Database } from '../../db/client';
import { baseEntries } from '../../db/schema/base-data';
import { lifts } from '../../db/schema/lifts';
import { projects } from '../../db/schema/projects';
import { toBaseEntry } from './base-mapper';

export type NewBaseEntry = Pick<
  typeof baseEntries.$inferInsert,
  'category' | 'key' | 'labelDe' | 'labelEn' | 'sort' | 'active'
>;
export type BaseEntryChange = Partial<Pick<NewBaseEntry, 'key' | 'labelDe' | 'labelEn' | 'sort' | 'active'>>;

const live = isNull(baseEntries.deletedAt);

/** The lift column holding each category's keys (contract LIFT_BASE_FIELDS). */
const LIFT_COLUMN_OF_CATEGORY: Partial<Record<BaseCategory, AnyPgColumn>> = Object.fromEntries(
  Object.entries(LIFT_BASE_FIELDS).map(([field, category]) => [category, lifts[field as LiftBaseField]]),
);

/** Base data (docs/base-data.md); deletions stay as tombstones for the offline mirror. */
export function createBaseRepository(db: Database) {
  return {
    async list(): Promise<BaseEntry[]> {
      const rows = await db
        .select()
        .from(baseEntries)
        .where(live)
        .orderBy(asc(baseEntries.category), asc(baseEntries.sort), asc(baseEntries.key));
      return rows.map(toBaseEntry);
    },

    async find(id: string): Promise<BaseEntry | undefined> {
      const [row] = await db
        .select()
        .from(baseEntries)
        .where(and(eq(baseEntries.id, id), live));
      return row ? toBaseEntry(row) : undefined;
    },

    async keyTaken(category: string, key: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: baseEntries.id })
        .from(baseEntries)
        .where(and(eq(baseEntries.category, category), eq(baseEntries.key, key), live));
      return row !== undefined && row.id !== exceptId;
    },

    /** The next sort number of a category: new entries go last. */
    async nextSort(category: string): Promise<number> {
      const [row] = await db
        .select({ sort: sql<number>`coalesce(max(${baseEntries.sort}) + 1, 0)::int` })
        .from(baseEntries)
        .where(and(eq(baseEntries.category, category), live));
      return row?.sort ?? 0;
    },

    /** Inserts; undefined when the key was taken meanwhile. */
    async insert(values: NewBaseEntry): Promise<BaseEntry | undefined> {
      const [row] = await db.insert(baseEntries).values(values).onConflictDoNothing().returning();
      return row ? toBaseEntry(row) : undefined;
    },

    /** Changes a live entry, on `baseVersion` when given; undefined when it changed or went. */
    async update(id: string, change: BaseEntryChange, baseVersion?: number): Promise<BaseEntry | undefined> {
      const [row] = await db
        .update(baseEntries)
        .set({ ...change, updatedAt: sql`now()`, version: sql`${baseEntries.version} + 1` })
        .where(
          and(
            eq(baseEntries.id, id),
            live,
            baseVersion === undefined ? undefined : eq(baseEntries.version, baseVersion),
          ),
        )
        .returning();
      return row ? toBaseEntry(row) : undefined;
    },

    /**
     * Whether a live lift (its LIFT_BASE_FIELDS) or a project refers to the entry. Projects name
     * only drive types today (a new lift's `driveType`).
     */
    async inUse(entry: BaseEntry): Promise<boolean> {
      const liftColumn = LIFT_COLUMN_OF_CATEGORY[entry.category];
      if (liftColumn) {
        const [lift] = await db
          .select({ id: lifts.id })
          .from(lifts)
          .where(and(eq(liftColumn, entry.key), isNull(lifts.deletedAt)))
          .limit(1);
        if (lift) return true;
      }
      if (entry.category !== 'driveType') return false;
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(sql`${projects.project}->'lifts' @> ${JSON.stringify([{ driveType: entry.key }])}::jsonb`)
        .limit(1);
      return row !== undefined;
    },
    async tombstone(id: string): Promise<boolean> {
      const rows = await db
        .update(baseEntries)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${baseEntries.version} + 1` })
        .where(and(eq(baseEntries.id, id), live))
        .returning({ id: baseEntries.id });
      return rows.length > 0;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(baseEntries);
      return row?.count ?? 0;
    },
  };
}
