import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../../contract/roles';
import type { UserSettings } from '../../../contract/schemas/user';
import type { Database } from '../../db/client';
import { type NewUserRow, type UserRow, users } from '../../db/schema';

export const USER_SORT_COLUMNS = {
  displayName: users.displayName,
  email: users.email,
  name: users.name,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
} as const;

export interface UserListOptions {
  page: number;
  pageSize: number;
  search?: string | undefined;
  role?: Role | undefined;
  /** Default: by display name. */
  orderBy?: SQL[] | undefined;
}

/** `%` and `_` typed by a user are searched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export function createUsersRepository(db: Database) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
      return row;
    },

    async list({
      page,
      pageSize,
      search,
      role,
      orderBy,
    }: UserListOptions): Promise<{ rows: UserRow[]; count: number }> {
      const where: SQL | undefined = and(
        search
          ? or(
              ilike(users.email, likePattern(search)),
              ilike(users.displayName, likePattern(search)),
              ilike(users.name, likePattern(search)),
            )
          : undefined,
        role ? eq(users.role, role) : undefined,
      );
      const order = orderBy ?? [asc(users.displayName), asc(users.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(users).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },

    async count(): Promise<number> {
      const [total] = await db.select({ value: count() }).from(users);
      return total?.value ?? 0;
    },

    async insert(user: NewUserRow): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...user, email: user.email.trim().toLowerCase() })
        .returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    /** Merges the given settings into the stored ones; keys left out keep their value. */
    async mergeSettings(id: string, settings: UserSettings): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          settings: sql`${users.settings} || ${JSON.stringify(settings)}::jsonb`,
          version: sql`${users.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
