import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Project, ProjectDesign, ProjectDocument } from '../../../contract/schemas/project';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import { projectScopeCondition } from '../../access/projects';
import type { Database } from '../../db/client';
import { baseEntries } from '../../db/schema/base-data';
import { lifts } from '../../db/schema/lifts';
import { type ProjectRow, projects } from '../../db/schema/projects';
import { tableauTemplates } from '../../db/schema/tableau';
import { users } from '../../db/schema/users';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { publicBlobUrl } from '../tableau/tableau-mapper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const withOwner = { project: projects, userName: users.displayName };

function toProject(row: ProjectRow, userName: string | null): Project {
  return {
    id: row.id,
    userId: row.userId,
    userName,
    project: row.project,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createProjectsRepository(db: Database) {
  return {
    async list(user: ScopeUser): Promise<Project[]> {
      const rows = await db
        .select(withOwner)
        .from(projects)
        .leftJoin(users, eq(users.id, projects.userId))
        .where(projectScopeCondition(user))
        .orderBy(desc(projects.createdAt), desc(projects.id));
      return rows.map((row) => toProject(row.project, row.userName));
    },

    async find(id: string, user: ScopeUser): Promise<Project | undefined> {
      const [row] = await db
        .select(withOwner)
        .from(projects)
        .leftJoin(users, eq(users.id, projects.userId))
        .where(and(eq(projects.id, id), projectScopeCondition(user)));
      return row ? toProject(row.project, row.userName) : undefined;
    },

    /** A customer the actor may open a project for: himself, or (admins) any customer. */
    async customer(id: string) {
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          companyId: users.companyId,
          email: users.email,
          displayName: users.displayName,
          language: sql<string | null>`${users.settings}->>'language'`,
        })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    async insert(userId: string, project: ProjectDocument): Promise<string> {
      const [row] = await db.insert(projects).values({ userId, project }).returning({ id: projects.id });
      if (!row) throw new Error('project not stored');
      return row.id;
    },

    /**
     * Stores the document on `version`; false when someone changed it in between. `afterStored`
     * runs while the stored row is still locked, before the commit: when it throws, nothing is
     * stored (the offer mail, docs/projects.md#the-offer-flow). It must not use the database.
     */
    async update(
      id: string,
      project: ProjectDocument,
      version: number,
      afterStored?: () => Promise<void>,
    ): Promise<boolean> {
      const store = async (tx: Pick<Database, 'update'>) => {
        const rows = await tx
          .update(projects)
          .set({ project, version: sql`${projects.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(projects.id, id), eq(projects.version, version)))
          .returning({ id: projects.id });
        return rows.length > 0;
      };
      if (!afterStored) return store(db);
      return db.transaction(async (tx) => {
        if (!(await store(tx))) return false;
        await afterStored();
        return true;
      });
    },

    /** Of `ids`, the live lifts `customer` sees (docs/access.md): a project names only those. */
    async liftsSeenBy(customer: ScopeUser, ids: readonly string[]): Promise<Set<string>> {
      const uuids = ids.filter((id) => UUID.test(id));
      if (uuids.length === 0) return new Set();
      const rows = await db
        .select({ id: lifts.id })
        .from(lifts)
        .where(and(inArray(lifts.id, uuids), liftScopeCondition(customer)));
      return new Set(rows.map((row) => row.id));
    },

    /** Of `keys`, those that are a live, active base entry of category `driveType`. */
    async activeDriveTypes(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: baseEntries.key })
        .from(baseEntries)
        .where(
          and(
            eq(baseEntries.category, 'driveType'),
            inArray(baseEntries.key, [...keys]),
            eq(baseEntries.active, true),
            isNull(baseEntries.deletedAt),
          ),
        );
      return new Set(rows.map((row) => row.key));
    },

    /**
     * The design library's templates among `ids` (docs/projects.md#design-library), in the order
     * given, with the stored preview's blob name; ids that are not templates are left out.
     */
    async designs(ids: readonly string[]): Promise<(ProjectDesign & { previewName: string | null })[]> {
      const uuids = ids.filter((id) => UUID.test(id));
      if (uuids.length === 0) return [];
      const rows = await db
        .select({
          id: tableauTemplates.id,
          name: tableauTemplates.name,
          type: tableauTemplates.type,
          previewName: tableauTemplates.previewName,
        })
        .from(tableauTemplates)
        .where(inArray(tableauTemplates.id, uuids));
      return uuids.flatMap((id) => {
        const row = rows.find((candidate) => candidate.id === id);
        return row
          ? [
              {
                ...row,
                previewUrl: row.previewName
                  ? publicBlobUrl(SYSTEM_CONTAINERS.tableauPreviews, row.previewName)
                  : null,
              },
            ]
          : [];
      });
    },

    async remove(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db.delete(projects).where(inArray(projects.id, ids)).returning({ id: projects.id });
      return rows.length;
    },
  };
}
