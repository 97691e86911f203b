import { and, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { SettingsVersion } from '../../../contract/api/settings';
import type { Database } from '../../db/client';
import { lifts } from '../../db/schema/lifts';
import { type SettingsVersionRow, settingsVersions } from '../../db/schema/settings';
import { users } from '../../db/schema/users';

const withAuthor = { version: settingsVersions, createdByName: users.displayName };

function toVersion(row: SettingsVersionRow, createdByName: string | null): SettingsVersion {
  return {
    id: row.id,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    createdBy: createdByName,
    restoredFrom: row.restoredFrom,
  };
}

/** The versions of the settings document (docs/settings.md); the newest is in force. */
export function createSettingsRepository(db: Database) {
  return {
    async newest(): Promise<SettingsVersion | undefined> {
      const [row] = await db
        .select(withAuthor)
        .from(settingsVersions)
        .leftJoin(users, eq(users.id, settingsVersions.createdBy))
        .orderBy(desc(settingsVersions.id))
        .limit(1);
      return row ? toVersion(row.version, row.createdByName) : undefined;
    },

    /** The newest version's id, the cheap question other processes poll. */
    async newestId(): Promise<number | null> {
      const [row] = await db.select({ id: max(settingsVersions.id) }).from(settingsVersions);
      return row?.id ?? null;
    },

    async find(id: number): Promise<SettingsVersion | undefined> {
      const [row] = await db
        .select(withAuthor)
        .from(settingsVersions)
        .leftJoin(users, eq(users.id, settingsVersions.createdBy))
        .where(eq(settingsVersions.id, id));
      return row ? toVersion(row.version, row.createdByName) : undefined;
    },

    async list(): Promise<SettingsVersion[]> {
      const rows = await db
        .select(withAuthor)
        .from(settingsVersions)
        .leftJoin(users, eq(users.id, settingsVersions.createdBy))
        .orderBy(desc(settingsVersions.id))
        .limit(500);
      return rows.map((row) => toVersion(row.version, row.createdByName));
    },

    async insert(data: string, createdBy: string, restoredFrom: number | null = null): Promise<number> {
      const [row] = await db
        .insert(settingsVersions)
        .values({ data, createdBy, restoredFrom })
        .returning({ id: settingsVersions.id });
      if (!row) throw new Error('settings version not stored');
      return row.id;
    },

    /** Live lifts with a SIM card get a new sync position, not a new version (like migration 0005's renames). */
    async resendLiftsWithSims(): Promise<void> {
      await db
        .update(lifts)
        .set({ syncSeq: sql`${lifts.syncSeq}` })
        .where(and(isNotNull(lifts.iccid), isNull(lifts.deletedAt)));
    },
  };
}
