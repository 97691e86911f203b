import { and, asc, count, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Folder, Resource, Subfolder, Template, TemplateType } from '../../../contract/schemas/tableau';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/results';
import {
  type TableauFolderRow,
  type TableauResourceRow,
  type TableauSubfolderRow,
  type TableauTemplateRow,
  tableauFolders,
  tableauResources,
  tableauSubfolders,
  tableauTemplates,
} from '../../db/schema/tableau';
import { toFolder, toResource, toSubfolder, toTemplate } from './tableau-mapper';

/** Who asks: the visibility of folders depends on him alone (docs/tableau.md#who). */
export interface TableauUser {
  id: string;
}

export type NewFolder = Pick<typeof tableauFolders.$inferInsert, 'name' | 'notes' | 'userId' | 'isPublic'>;
export type NewSubfolder = Pick<
  typeof tableauSubfolders.$inferInsert,
  'folderId' | 'name' | 'priceCents' | 'number' | 'userId'
>;
export type NewResource = Omit<typeof tableauResources.$inferInsert, 'createdAt'>;
export type NewTemplate = Pick<
  typeof tableauTemplates.$inferInsert,
  'name' | 'description' | 'type' | 'data' | 'userId'
>;

/** Who may read a part image: everyone's when public, else its folder's owner's alone. */
export interface ImageReaders {
  isPublic: boolean;
  userId: string | null;
}

/** An article of a bill of materials, and whether the caller may see it. */
export interface BomArticle {
  article: TableauSubfolderRow;
  visible: boolean;
}

/** `%` and `_` of a search are literal (docs/api.md#lists). */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Public folders, and the user's own private ones. */
const folderVisible = (user: TableauUser): SQL =>
  or(eq(tableauFolders.isPublic, true), eq(tableauFolders.userId, user.id)) as SQL;

// Written out with their table names: inside a subquery drizzle leaves `id` unqualified, which
// would name the subquery's own column.
const subfolderCounts = sql<number>`(select count(*)::int from tableau_subfolders s where s.folder_id = "tableau_folders"."id")`;
const resourceCounts = sql<number>`(select count(*)::int from tableau_resources r where r.subfolder_id = "tableau_subfolders"."id")`;

/** A unique violation of the article number within its folder. */
export const isArticleNumberConflict = (error: unknown): boolean =>
  isUniqueViolation(error, 'tableau_subfolders_folder_number_idx');

/** The tableau library's rows; every read goes through the folder's visibility. */
export function createTableauRepository(db: Database) {
  const subfolderSelect = {
    subfolder: tableauSubfolders,
    isPublic: tableauFolders.isPublic,
    resourceCount: resourceCounts,
  };

  const repository = {
    // --- folders ---------------------------------------------------------------------------
    async listFolders(user: TableauUser, scope?: 'public' | 'private'): Promise<Folder[]> {
      const condition =
        scope === 'public'
          ? eq(tableauFolders.isPublic, true)
          : scope === 'private'
            ? and(eq(tableauFolders.isPublic, false), eq(tableauFolders.userId, user.id))
            : folderVisible(user);
      const rows = await db
        .select({ folder: tableauFolders, subfolderCount: subfolderCounts })
        .from(tableauFolders)
        .where(condition)
        .orderBy(asc(tableauFolders.name), asc(tableauFolders.id));
      return rows.map(({ folder, subfolderCount }) => toFolder(folder, subfolderCount));
    },

    async findFolder(
      id: string,
      user: TableauUser,
    ): Promise<{ row: TableauFolderRow; folder: Folder } | undefined> {
      const [found] = await db
        .select({ folder: tableauFolders, subfolderCount: subfolderCounts })
        .from(tableauFolders)
        .where(and(eq(tableauFolders.id, id), folderVisible(user)));
      return found ? { row: found.folder, folder: toFolder(found.folder, found.subfolderCount) } : undefined;
    },

    async insertFolder(values: NewFolder): Promise<Folder> {
      const [row] = await db.insert(tableauFolders).values(values).returning();
      if (!row) throw new Error('folder not inserted');
      return toFolder(row, 0);
    },

    async updateFolder(
      id: string,
      values: Partial<NewFolder>,
      user: TableauUser,
    ): Promise<Folder | undefined> {
      await db
        .update(tableauFolders)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(tableauFolders.id, id));
      return (await repository.findFolder(id, user))?.folder;
    },

    /**
     * Deletes the visible folders among `ids` when none of them holds an article: 'notEmpty'
     * otherwise (and nothing is deleted). Answers how many went.
     */
    async deleteFolders(ids: string[], user: TableauUser): Promise<number | 'notEmpty'> {
      return db.transaction(async (tx) => {
        const visible = await tx
          .select({ id: tableauFolders.id })
          .from(tableauFolders)
          .where(and(inArray(tableauFolders.id, ids), folderVisible(user)))
          .for('update');
        if (visible.length === 0) return 0;
        // The locked folders get no new article meanwhile (an insert waits for the row lock).
        const [holding] = await tx
          .select({ id: tableauSubfolders.id })
          .from(tableauSubfolders)
          .where(
            inArray(
              tableauSubfolders.folderId,
              visible.map((folder) => folder.id),
            ),
          )
          .limit(1);
        if (holding) return 'notEmpty';
        const deleted = await tx
          .delete(tableauFolders)
          .where(
            inArray(
              tableauFolders.id,
              visible.map((folder) => folder.id),
            ),
          )
          .returning({ id: tableauFolders.id });
        return deleted.length;
      });
    },

    // --- subfolders ------------------------------------------------------------------------
    async listSubfolders(
      user: TableauUser,
      filter: { folderId?: string; search?: string },
    ): Promise<Subfolder[]> {
      const conditions: SQL[] = [folderVisible(user)];
      if (filter.folderId) conditions.push(eq(tableauSubfolders.folderId, filter.folderId));
      if (filter.search) {
        const pattern = likePattern(filter.search);
        conditions.push(
          or(ilike(tableauSubfolders.name, pattern), ilike(tableauSubfolders.number, pattern)) as SQL,
        );
      }
      const rows = await db
        .select(subfolderSelect)
        .from(tableauSubfolders)
        .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId))
        .where(and(...conditions))
        .orderBy(asc(tableauSubfolders.number), asc(tableauSubfolders.id));
      return rows.map((row) => toSubfolder(row.subfolder, row.isPublic, row.resourceCount));
    },

    async findSubfolder(id: string, user: TableauUser): Promise<Subfolder | undefined> {
      const [row] = await db
        .select(subfolderSelect)
        .from(tableauSubfolders)
        .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId))
        .where(and(eq(tableauSubfolders.id, id), folderVisible(user)));
      return row ? toSubfolder(row.subfolder, row.isPublic, row.resourceCount) : undefined;
    },

    async insertSubfolder(values: NewSubfolder, user: TableauUser): Promise<Subfolder> {
      const [row] = await db.insert(tableauSubfolders).values(values).returning({ id: tableauSubfolders.id });
      const created = row && (await repository.findSubfolder(row.id, user));
      if (!created) throw new Error('subfolder not inserted');
      return created;
    },

    async updateSubfolder(
      id: string,
      values: Partial<NewSubfolder>,
      user: TableauUser,
    ): Promise<Subfolder | undefined> {
      await db
        .update(tableauSubfolders)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(tableauSubfolders.id, id));
      return repository.findSubfolder(id, user);
    },

    /** Deletes the visible articles among `ids` with their image rows; answers the images' blob names. */
    async deleteSubfolders(ids: string[], user: TableauUser): Promise<{ count: number; blobs: string[] }> {
      return db.transaction(async (tx) => {
        const visible = await tx
          .select({ id: tableauSubfolders.id })
          .from(tableauSubfolders)
          .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId))
          .where(and(inArray(tableauSubfolders.id, ids), folderVisible(user)));
        if (visible.length === 0) return { count: 0, blobs: [] };
        const visibleIds = visible.map((row) => row.id);
        const images = await tx
          .delete(tableauResources)
          .where(inArray(tableauResources.subfolderId, visibleIds))
          .returning({ blobName: tableauResources.blobName, thumbnailName: tableauResources.thumbnailName });
        const deleted = await tx
          .delete(tableauSubfolders)
          .where(inArray(tableauSubfolders.id, visibleIds))
          .returning({ id: tableauSubfolders.id });
        return {
          count: deleted.length,
          blobs: images.flatMap((image) => [image.blobName, image.thumbnailName]),
        };
      });
    },

    /**
     * Articles by id whatever the folder (the bill of materials of a shared template), each with
     * whether `user` may see it: another admin's private article is counted but not shown.
     */
    async subfoldersForBom(ids: string[], user: TableauUser): Promise<BomArticle[]> {
      if (ids.length === 0) return [];
      return db
        .select({ article: tableauSubfolders, visible: sql<boolean>`(${folderVisible(user)})` })
        .from(tableauSubfolders)
        .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId))
        .where(inArray(tableauSubfolders.id, ids));
    },

    // --- resources -------------------------------------------------------------------------
    async listResources(user: TableauUser, subfolderId?: string): Promise<Resource[]> {
      const conditions: SQL[] = [folderVisible(user)];
      if (subfolderId) conditions.push(eq(tableauResources.subfolderId, subfolderId));
      const rows = await db
        .select({ resource: tableauResources })
        .from(tableauResources)
        .innerJoin(tableauSubfolders, eq(tableauSubfolders.id, tableauResources.subfolderId))
        .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId))
        .where(and(...conditions))
        .orderBy(asc(tableauResources.createdAt), asc(tableauResources.id));
      return rows.map((row) => toResource(row.resource));
    },

    async findResource(id: string, user: TableauUser): Promise<TableauResourceRow | undefined> {
      const [row] = await db
        .select({ resource: tableauResources })
        .from(tableauResources)
        .innerJoin(tableauSubfolders, eq(tableauSubfolders.id, tableauResources.subfolderId))
        .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId))
        .where(and(eq(tableauResources.id, id), folderVisible(user)));
      return row?.resource;
    },

    async insertResource(values: NewResource): Promise<Resource> {
      const [row] = await db.insert(tableauResources).values(values).returning();
      if (!row) throw new Error('resource not inserted');
      return toResource(row);
    },

    async updateResource(
      id: string,
      values: Partial<Pick<NewResource, 'name' | 'subfolderId' | 'widthMm' | 'heightMm'>>,
    ): Promise<Resource | undefined> {
      const [row] = await db
        .update(tableauResources)
        .set(values)
        .where(eq(tableauResources.id, id))
        .returning();
      return row ? toResource(row) : undefined;
    },

    async deleteResources(ids: string[], user: TableauUser): Promise<{ count: number; blobs: string[] }> {
      const visible = await db
        .select({ id: tableauResources.id })
        .from(tableauResources)
        .innerJoin(tableauSubfolders, eq(tableauSubfolders.id, tableauResources.subfolderId))
        .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId))
        .where(and(inArray(tableauResources.id, ids), folderVisible(user)));
      if (visible.length === 0) return { count: 0, blobs: [] };
      const deleted = await db
        .delete(tableauResources)
        .where(
          inArray(
            tableauResources.id,
            visible.map((row) => row.id),
          ),
        )
        .returning({ blobName: tableauResources.blobName, thumbnailName: tableauResources.thumbnailName });
      return { count: deleted.length, blobs: deleted.flatMap((row) => [row.blobName, row.thumbnailName]) };
    },

    /**
     * Who may read a stored part image (docs/tableau.md#images), by its blob or thumbnail name:
     * its folder's visibility and owner; undefined for a name no image row holds.
     */
    async imageReaders(name: string): Promise<ImageReaders | undefined> {
      const [row] = await db
        .select({ isPublic: tableauFolders.isPublic, userId: tableauFolders.userId })
        .from(tableauResources)
        .innerJoin(tableauSubfolders, eq(tableauSubfolders.id, tableauResources.subfolderId))
        .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId))
        .where(or(eq(tableauResources.blobName, name), eq(tableauResources.thumbnailName, name)))
        .limit(1);
      return row;
    },

    /** `imageReaders` of every stored part image, by blob and thumbnail name (a container's listing). */
    async allImageReaders(): Promise<Map<string, ImageReaders>> {
      const rows = await db
        .select({
          blobName: tableauResources.blobName,
          thumbnailName: tableauResources.thumbnailName,
          isPublic: tableauFolders.isPublic,
          userId: tableauFolders.userId,
        })
        .from(tableauResources)
        .innerJoin(tableauSubfolders, eq(tableauSubfolders.id, tableauResources.subfolderId))
        .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId));
      const readers = new Map<string, ImageReaders>();
      for (const { blobName, thumbnailName, ...who } of rows) {
        readers.set(blobName, who);
        readers.set(thumbnailName, who);
      }
      return readers;
    },

    /**
     * The thumbnails of the public part images among `ids`, by image id: what a drawn preview may
     * show (a template is shared, so a private image is left out).
     */
    async publicThumbnails(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: tableauResources.id, thumbnailName: tableauResources.thumbnailName })
        .from(tableauResources)
        .innerJoin(tableauSubfolders, eq(tableauSubfolders.id, tableauResources.subfolderId))
        .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId))
        .where(and(inArray(tableauResources.id, ids), eq(tableauFolders.isPublic, true)));
      return new Map(rows.map((row) => [row.id, row.thumbnailName]));
    },

    // --- templates -------------------------------------------------------------------------
    async listTemplates(type?: TemplateType): Promise<Template[]> {
      const rows = await db
        .select()
        .from(tableauTemplates)
        .where(type ? eq(tableauTemplates.type, type) : undefined)
        .orderBy(asc(tableauTemplates.name), asc(tableauTemplates.id));
      return rows.map(toTemplate);
    },

    async findTemplate(id: string): Promise<TableauTemplateRow | undefined> {
      const [row] = await db.select().from(tableauTemplates).where(eq(tableauTemplates.id, id));
      return row;
    },

    async insertTemplate(values: NewTemplate): Promise<Template> {
      const [row] = await db.insert(tableauTemplates).values(values).returning();
      if (!row) throw new Error('template not inserted');
      return toTemplate(row);
    },

    async updateTemplate(
      id: string,
      values: Partial<NewTemplate> & { previewName?: string | null },
    ): Promise<Template | undefined> {
      const [row] = await db
        .update(tableauTemplates)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(tableauTemplates.id, id))
        .returning();
      return row ? toTemplate(row) : undefined;
    },

    /**
     * Sets the preview only while the template still has `expected` (a preview drawn meanwhile by
     * another save or process, or an upload, wins); undefined when it did not.
     */
    async replacePreview(
      id: string,
      expected: string | null,
      previewName: string,
    ): Promise<Template | undefined> {
      const [row] = await db
        .update(tableauTemplates)
        .set({ previewName })
        .where(
          and(
            eq(tableauTemplates.id, id),
            expected === null
              ? isNull(tableauTemplates.previewName)
              : eq(tableauTemplates.previewName, expected),
          ),
        )
        .returning();
      return row ? toTemplate(row) : undefined;
    },

    /** Templates without a preview (stored before previews were drawn), a batch at a time by id. */
    async templatesWithoutPreview(afterId: string | null, limit: number): Promise<TableauTemplateRow[]> {
      return db
        .select()
        .from(tableauTemplates)
        .where(
          and(
            isNull(tableauTemplates.previewName),
            afterId === null ? undefined : gt(tableauTemplates.id, afterId),
          ),
        )
        .orderBy(asc(tableauTemplates.id))
        .limit(limit);
    },

    async deleteTemplates(ids: string[]): Promise<{ count: number; previews: string[] }> {
      const deleted = await db
        .delete(tableauTemplates)
        .where(inArray(tableauTemplates.id, ids))
        .returning({ previewName: tableauTemplates.previewName });
      return {
        count: deleted.length,
        previews: deleted.flatMap((row) => (row.previewName ? [row.previewName] : [])),
      };
    },

    /** Which of `ids` are articles at all (a layout may name only existing ones). */
    async existingSubfolderIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: tableauSubfolders.id })
        .from(tableauSubfolders)
        .where(inArray(tableauSubfolders.id, ids));
      return new Set(rows.map((row) => row.id));
    },

    async countFolders(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(tableauFolders);
      return row?.value ?? 0;
    },
  };
  return repository;
}
