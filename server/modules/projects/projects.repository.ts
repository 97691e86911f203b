import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { berlinDay } from '../../../contract/maintenance';
import type { OfferTerms, Project, ProjectDesign, ProjectDocument } from '../../../contract/schemas/project';
import { companyTerms, DEFAULT_SETTINGS } from '../../../contract/settings';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import { projectScopeCondition } from '../../access/projects';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import { baseEntries } from '../../db/schema/base-data';
import { lifts } from '../../db/schema/lifts';
import {
  offerNumberSequence,
  orderNumberSequence,
  type ProjectRow,
  projects,
} from '../../db/schema/projects';
import { tableauTemplates } from '../../db/schema/tableau';
import { users } from '../../db/schema/users';
import { SYSTEM_CONTAINERS } from '../../integrations/blob/storage';
import { publicBlobUrl } from '../tableau/tableau-mapper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const orderer = alias(users, 'orderer');
const withOwner = {
  project: projects,
  userName: users.displayName,
  userEmail: users.email,
  ordererName: orderer.displayName,
};

/** The offer and order columns a state change sets (docs/projects.md#offer-and-order-numbers). */
export type ProjectRecordColumns = Partial<
  Pick<
    ProjectRow,
    'offerNumber' | 'offeredAt' | 'offerValidUntil' | 'offerTerms' | 'orderNumber' | 'orderedAt' | 'orderedBy'
  >
>;

interface JoinedRow {
  project: ProjectRow;
  userName: string | null;
  userEmail: string | null;
  ordererName: string | null;
}

function toProject(row: JoinedRow, currentTerms: () => OfferTerms): Project {
  const { project: stored } = row;
  return {
    id: stored.id,
    userId: stored.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    project: stored.project,
    offer:
      stored.offerNumber && stored.offeredAt
        ? {
            number: stored.offerNumber,
            at: stored.offeredAt.toISOString(),
            validUntil: stored.offerValidUntil,
            terms: stored.offerTerms ?? currentTerms(),
          }
        : null,
    order:
      stored.orderNumber && stored.orderedAt
        ? {
            number: stored.orderNumber,
            at: stored.orderedAt.toISOString(),
            byId: stored.orderedBy,
            byName: row.ordererName,
          }
        : null,
    version: stored.version,
    createdAt: stored.createdAt.toISOString(),
    updatedAt: stored.updatedAt.toISOString(),
  };
}

/**
 * A readable number from a running sequence: `ANG-2026-00017` for an offer, `A-2026-00042` for an
 * order. The year is the one (Europe/Berlin) it is given in; the count runs on across years, so a
 * number never comes twice.
 */
export const documentNumber = (prefix: 'ANG' | 'A', sequence: number, at: Date) =>
  `${prefix}-${berlinDay(at).slice(0, 4)}-${String(sequence).padStart(5, '0')}`;

/**
 * `currentTerms`: the terms an offer sent now would carry (the settings in force), shown for offers
 * sent before terms were frozen on them.
 */
export function createProjectsRepository(
  db: Database,
  currentTerms: () => OfferTerms = () => companyTerms(DEFAULT_SETTINGS),
) {
  const joined = () =>
    db
      .select(withOwner)
      .from(projects)
      .leftJoin(users, eq(users.id, projects.userId))
      .leftJoin(orderer, eq(orderer.id, projects.orderedBy));
  return {
    async list(user: ScopeUser): Promise<Project[]> {
      const rows = await joined()
        .where(projectScopeCondition(user))
        .orderBy(desc(projects.createdAt), desc(projects.id));
      return rows.map((row) => toProject(row, currentTerms));
    },

    async find(id: string, user: ScopeUser): Promise<Project | undefined> {
      const [row] = await joined().where(and(eq(projects.id, id), projectScopeCondition(user)));
      return row ? toProject(row, currentTerms) : undefined;
    },

    /** The next offer or order number (documentNumber), taken from its sequence. */
    async nextNumber(kind: 'offer' | 'order', at: Date): Promise<string> {
      const sequence = kind === 'offer' ? offerNumberSequence : orderNumberSequence;
      const [row] = rowsOf<{ value: string | number }>(
        await db.execute(sql`select nextval(${sequence.seqName}::regclass) as value`),
      );
      const value = Number(row?.value);
      if (!Number.isSafeInteger(value)) throw new Error(`no value from ${sequence.seqName}`);
      return documentNumber(kind === 'offer' ? 'ANG' : 'A', value, at);
    },

    /** The staff a new order is confirmed to: every admin (docs/projects.md#the-offer-flow). */
    async admins() {
      return db
        .select({
          id: users.id,
          email: users.email,
          displayName: users.displayName,
          language: sql<string | null>`${users.settings}->>'language'`,
        })
        .from(users)
        .where(eq(users.role, 'admin'));
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
     * stored (the offer mail, docs/projects.md#the-offer-flow). It uses the database only through
     * the transaction it is given.
     */
    async update(
      id: string,
      project: ProjectDocument,
      version: number,
      afterStored?: (tx: Database) => Promise<void>,
      columns: ProjectRecordColumns = {},
    ): Promise<boolean> {
      const store = async (tx: Pick<Database, 'update'>) => {
        const rows = await tx
          .update(projects)
          .set({ ...columns, project, version: sql`${projects.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(projects.id, id), eq(projects.version, version)))
          .returning({ id: projects.id });
        return rows.length > 0;
      };
      if (!afterStored) return store(db);
      return db.transaction(async (tx) => {
        if (!(await store(tx))) return false;
        await afterStored(tx);
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
