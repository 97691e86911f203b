import { and, count, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Language } from '../../../contract/constants';
import type { ServiceReport, ServiceReportListItem } from '../../../contract/schemas/service-report';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';
import { alarms } from '../../db/schema/alarms';
import { baseEntries } from '../../db/schema/base-data';
import { liftFiles } from '../../db/schema/files';
import { lifts } from '../../db/schema/lifts';
import { maintenanceVisits } from '../../db/schema/maintenance';
import { type ServiceReportRow, serviceReports } from '../../db/schema/service-reports';
import { tableauFolders, tableauSubfolders } from '../../db/schema/tableau';
import { users } from '../../db/schema/users';
import { toServiceReport } from './report-mapper';

export type NewServiceReport = Omit<
  typeof serviceReports.$inferInsert,
  'pdfFileId' | 'version' | 'syncSeq' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

export interface ReportLift {
  id: string;
  uid: string;
  address: string;
  /** The lift's active customers, who get the report by mail. */
  customers: { id: string; email: string; displayName: string; language: Language | null }[];
}

export interface ReportListFilter {
  liftId?: string | undefined;
  authorId?: string | undefined;
  /** Berlin days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

const withAuthor = { report: serviceReports, authorName: users.displayName };

/** Midnight of a Berlin day as an instant (the days of a filter). */
const berlinMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Berlin')`;

/** Service reports (docs/service-reports.md); every read of a lift goes through the caller's scope. */
export function createServiceReportsRepository(db: Database) {
  return {
    /** The live lift the user sees, with its customers; undefined otherwise. */
    async liftInScope(liftId: string, user: ScopeUser): Promise<ReportLift | undefined> {
      const [lift] = await db
        .select({ id: lifts.id, uid: lifts.uid, address: lifts.address })
        .from(lifts)
        .where(and(eq(lifts.id, liftId), liftScopeCondition(user)));
      if (!lift) return undefined;
      const result = await db.execute(sql`
        select u.id::text as id, u.email, u.display_name, u.settings->>'language' as language
        from lift_users lu join users u on u.id = lu.user_id
        where lu.lift_id = ${liftId} and lu.kind = 'customer' and u.status = 'active'
        order by u.display_name`);
      const customers = rowsOf<{ id: string; email: string; display_name: string; language: string | null }>(
        result,
      ).map((row) => ({
        id: row.id,
        email: row.email,
        displayName: row.display_name,
        language: row.language === 'de' || row.language === 'en' ? (row.language as Language) : null,
      }));
      return { ...lift, customers };
    },

    /** The report of this id, deleted or not, whoever wrote it. */
    async findById(id: string): Promise<{ row: ServiceReportRow; report: ServiceReport } | undefined> {
      const [found] = await db
        .select(withAuthor)
        .from(serviceReports)
        .leftJoin(users, eq(users.id, serviceReports.authorId))
        .where(eq(serviceReports.id, id));
      return found
        ? { row: found.report, report: toServiceReport(found.report, found.authorName) }
        : undefined;
    },

    /** Inserts the report; false when its id is taken (a resend, or a race with one). */
    async insert(values: NewServiceReport): Promise<boolean> {
      const rows = await db
        .insert(serviceReports)
        .values(values)
        .onConflictDoNothing({ target: serviceReports.id })
        .returning({ id: serviceReports.id });
      return rows.length > 0;
    },

    async setPdf(id: string, fileId: string): Promise<void> {
      await db.update(serviceReports).set({ pdfFileId: fileId }).where(eq(serviceReports.id, id));
    },

    async visitOfLift(visitId: string, liftId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: maintenanceVisits.id })
        .from(maintenanceVisits)
        .where(
          and(
            eq(maintenanceVisits.id, visitId),
            eq(maintenanceVisits.liftId, liftId),
            isNull(maintenanceVisits.deletedAt),
          ),
        );
      return row !== undefined;
    },

    async alarmOfLift(alarmId: string, liftId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: alarms.id })
        .from(alarms)
        .where(and(eq(alarms.id, alarmId), eq(alarms.liftId, liftId)));
      return row !== undefined;
    },

    /** The live files of the lift among `ids`, with where their bytes are. */
    async liftFilesByIds(
      ids: string[],
      liftId: string,
    ): Promise<{ id: string; blobName: string | null; type: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: liftFiles.id, blobName: liftFiles.blobName, type: liftFiles.type })
        .from(liftFiles)
        .where(and(inArray(liftFiles.id, ids), eq(liftFiles.liftId, liftId), isNull(liftFiles.deletedAt)));
    },

    /** The lift's live reports, newest first (the caller checked the lift's scope). */
    async listByLift(liftId: string): Promise<ServiceReport[]> {
      const rows = await db
        .select(withAuthor)
        .from(serviceReports)
        .leftJoin(users, eq(users.id, serviceReports.authorId))
        .where(and(eq(serviceReports.liftId, liftId), isNull(serviceReports.deletedAt)))
        .orderBy(desc(serviceReports.signedAt), desc(serviceReports.id));
      return rows.map(({ report, authorName }) => toServiceReport(report, authorName));
    },

    /** The live reports of the lifts the user sees, newest first, filtered and paged. */
    async list(
      user: ScopeUser,
      filter: ReportListFilter,
    ): Promise<{ reports: ServiceReportListItem[]; count: number; authors: { id: string; name: string }[] }> {
      const scope = and(isNull(serviceReports.deletedAt), liftScopeCondition(user)) as SQL;
      const conditions: (SQL | undefined)[] = [
        scope,
        filter.liftId ? eq(serviceReports.liftId, filter.liftId) : undefined,
        filter.authorId ? eq(serviceReports.authorId, filter.authorId) : undefined,
        filter.from ? gte(serviceReports.signedAt, berlinMidnight(filter.from)) : undefined,
        filter.to
          ? lt(serviceReports.signedAt, sql`${berlinMidnight(filter.to)} + interval '1 day'`)
          : undefined,
      ];
      const where = and(...conditions);
      const rows = await db
        .select({ ...withAuthor, liftUid: lifts.uid, liftAddress: lifts.address })
        .from(serviceReports)
        .innerJoin(lifts, eq(lifts.id, serviceReports.liftId))
        .leftJoin(users, eq(users.id, serviceReports.authorId))
        .where(where)
        .orderBy(desc(serviceReports.signedAt), desc(serviceReports.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      const [total] = await db
        .select({ count: count() })
        .from(serviceReports)
        .innerJoin(lifts, eq(lifts.id, serviceReports.liftId))
        .where(where);
      const authors = await db
        .selectDistinct({ id: users.id, name: users.displayName })
        .from(serviceReports)
        .innerJoin(lifts, eq(lifts.id, serviceReports.liftId))
        .innerJoin(users, eq(users.id, serviceReports.authorId))
        .where(scope)
        .orderBy(users.displayName, users.id);
      return {
        reports: rows.map(({ report, authorName, liftUid, liftAddress }) => ({
          ...toServiceReport(report, authorName),
          liftUid,
          liftAddress,
        })),
        count: Number(total?.count ?? 0),
        authors,
      };
    },

    /** What parts are picked from: public tableau articles and the base data's spare parts. */
    async partChoices(
      language: Language,
    ): Promise<{ source: 'article' | 'base'; ref: string; name: string }[]> {
      const articles = await db
        .select({ ref: tableauSubfolders.number, name: tableauSubfolders.name })
        .from(tableauSubfolders)
        .innerJoin(tableauFolders, eq(tableauFolders.id, tableauSubfolders.folderId))
        .where(eq(tableauFolders.isPublic, true))
        .orderBy(tableauSubfolders.name, tableauSubfolders.number)
        .limit(2000);
      const parts = await db
        .select({ ref: baseEntries.key, labelDe: baseEntries.labelDe, labelEn: baseEntries.labelEn })
        .from(baseEntries)
        .where(
          and(
            eq(baseEntries.category, 'sparePart'),
            eq(baseEntries.active, true),
            isNull(baseEntries.deletedAt),
          ),
        )
        .orderBy(baseEntries.sort, baseEntries.key);
      return [
        ...parts.map((part) => ({
          source: 'base' as const,
          ref: part.ref,
          name: language === 'de' ? part.labelDe : part.labelEn,
        })),
        ...articles.map((article) => ({ source: 'article' as const, ...article })),
      ];
    },
  };
}
