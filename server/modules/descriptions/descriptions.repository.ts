import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Description, DescriptionInput, DescriptionUpdate } from '../../../contract/schemas/description';
import type { Database } from '../../db/client';
import { descriptions } from '../../db/schema/descriptions';
import { toDescription } from './description-mapper';

/** The error-code catalogue; tombstones stay for sync and are never answered. */
export function createDescriptionsRepository(db: Database) {
  return {
    /** The live catalogue, sorted by number. */
    async list(): Promise<Description[]> {
      const rows = await db
        .select()
        .from(descriptions)
        .where(isNull(descriptions.deletedAt))
        .orderBy(asc(descriptions.number), asc(descriptions.id));
      return rows.map(toDescription);
    },

    /** A live entry, or null (unknown or a tombstone). */
    async find(id: string): Promise<Description | null> {
      const [row] = await db
        .select()
        .from(descriptions)
        .where(and(eq(descriptions.id, id), isNull(descriptions.deletedAt)))
        .limit(1);
      return row ? toDescription(row) : null;
    },

    /** Whether another live entry than `exceptId` has `number`. */
    async numberTaken(number: number, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: descriptions.id })
        .from(descriptions)
        .where(and(eq(descriptions.number, number), isNull(descriptions.deletedAt)));
      return rows.some((row) => row.id !== exceptId);
    },

    async insert(input: DescriptionInput): Promise<Description> {
      const [row] = await db.insert(descriptions).values(input).returning();
      if (!row) throw new Error('insert into descriptions returned no row');
      return toDescription(row);
    },

    /**
     * Changes a live entry, bumping its version; with `baseVersion` only when the stored version is
     * still that one. Null when nothing was changed (gone, or the version moved on).
     */
    async update(
      id: string,
      input: DescriptionUpdate,
      baseVersion: number | undefined,
    ): Promise<Description | null> {
      // A German text the client left out keeps its stored value (contract/schemas/description.ts).
      const { contentDE, textDE, ...fields } = input;
      const [row] = await db
        .update(descriptions)
        .set({
          ...fields,
          ...(contentDE === undefined ? {} : { contentDE }),
          ...(textDE === undefined ? {} : { textDE }),
          version: sql`${descriptions.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(descriptions.id, id),
            isNull(descriptions.deletedAt),
            baseVersion !== undefined ? eq(descriptions.version, baseVersion) : undefined,
          ),
        )
        .returning();
      return row ? toDescription(row) : null;
    },

    /** Makes the live entries among `ids` tombstones; the ids it changed. */
    async tombstone(ids: readonly string[]): Promise<string[]> {
      const removed = await db
        .update(descriptions)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${descriptions.version} + 1` })
        .where(and(inArray(descriptions.id, [...ids]), isNull(descriptions.deletedAt)))
        .returning({ id: descriptions.id });
      return removed.map((row) => row.id);
    },
  };
}
