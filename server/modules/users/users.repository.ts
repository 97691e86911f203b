import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../../contract/roles';
import type { UserSettings } from '../../../contract/schemas/user';
import { liftScopeCondition, type ScopeUser } from '../../access/lifts';
import type { Database } from '../../db/client';
import { type LiftUserKind, lifts, liftUsers } from '../../db/schema/lifts';
import { type NewUserRow, type UserRow, usedTokens, users } from '../../db/schema/users';
import { likePattern } from '../../lib/like-pattern';
import { orderBySort } from '../../lib/sort';
import { forgetSignedInUser } from '../../plugins/session-cache';

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
  /** `field` or `-field` among USER_SORT_COLUMNS (400 otherwise); default: by display name. */
  sort?: string | undefined;
  /** The users the signed-in user manages (see `manageableUsersCondition`); undefined is all. */
  scope?: SQL | undefined;
}

/** The fields a user manager may change (everything but identity, password and bookkeeping). */
export type UserChanges = Partial<
  Pick<
    NewUserRow,
    | 'email'
    | 'displayName'
    | 'role'
    | 'phoneNumber'
    | 'contactPerson'
    | 'companyId'
    | 'name'
    | 'address'
    | 'additionalEmail'
    | 'invoiceEmail'
    | 'referenceNumber'
    | 'notificationPreference'
    | 'status'
    | 'avatarUrl'
    | 'shortcuts'
    | 'passwordHash'
  >
>;

/** How a user is assigned to lifts: customers as customers, service men as service men, staff not at all. */
export function liftKindOf(role: Role): LiftUserKind | null {
  if (role === 'service_man') return 'serviceman';
  if (role === 'customer' || role === 'customer_admin') return 'customer';
  return null;
}

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
      sort,
      scope,
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
        scope,
      );
      const order = orderBySort(sort, USER_SORT_COLUMNS, users.id) ?? [asc(users.displayName), asc(users.id)];
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

    /** The user, if `scope` (a condition on users) lets the caller see him. */
    async findInScope(id: string, scope: SQL | undefined): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), scope))
        .limit(1);
      return row;
    },

    async options(scope: SQL | undefined, role: Role | undefined) {
      return db
        .select({ id: users.id, displayName: users.displayName })
        .from(users)
        .where(and(scope, role ? eq(users.role, role) : undefined))
        .orderBy(asc(users.displayName), asc(users.id))
        .limit(5000);
    },

    /**
     * Applies `changes`; with `baseVersion`, only if the row is still at that version. Undefined
     * when the row is gone or was changed meanwhile.
     */
    async update(id: string, changes: UserChanges, baseVersion?: number): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          ...changes,
          ...(changes.email ? { email: changes.email.trim().toLowerCase() } : {}),
          version: sql`${users.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(users.id, id), baseVersion === undefined ? undefined : eq(users.version, baseVersion)))
        .returning();
      forgetSignedInUser(id);
      return row;
    },

    /** How many of `ids` lie within `scope` (and, given `roles`, have one of them). */
    async countInScope(
      ids: readonly string[],
      scope: SQL | undefined,
      roles?: readonly Role[],
    ): Promise<number> {
      const [total] = await db
        .select({ value: count() })
        .from(users)
        .where(and(inArray(users.id, [...ids]), scope, roles ? inArray(users.role, [...roles]) : undefined));
      return total?.value ?? 0;
    },

    /** Deletes the given users within `scope`, never `exceptId`; answers the deleted rows. */
    async deleteInScope(
      ids: readonly string[],
      scope: SQL | undefined,
      exceptId: string,
    ): Promise<UserRow[]> {
      const rows = await db
        .delete(users)
        .where(and(inArray(users.id, [...ids]), ne(users.id, exceptId), scope))
        .returning();
      for (const row of rows) forgetSignedInUser(row.id);
      return rows;
    },

    async isEmailTaken(email: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.email, email.trim().toLowerCase()), exceptId ? ne(users.id, exceptId) : undefined),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Ids of the lifts a user is assigned to, as customer or as service man. */
    async liftIdsOf(userId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ liftId: liftUsers.liftId })
        .from(liftUsers)
        .innerJoin(lifts, eq(lifts.id, liftUsers.liftId))
        .where(and(eq(liftUsers.userId, userId), sql`${lifts.deletedAt} is null`))
        .orderBy(asc(liftUsers.liftId));
      return rows.map((row) => row.liftId);
    },

    /** The ids among `liftIds` that `actor` sees; the others are out of his scope. */
    async liftsInScope(actor: ScopeUser, liftIds: readonly string[]): Promise<Set<string>> {
      if (liftIds.length === 0) return new Set();
      const rows = await db
        .select({ id: lifts.id })
        .from(lifts)
        .where(and(inArray(lifts.id, [...liftIds]), liftScopeCondition(actor)));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Makes `liftIds` the user's assignments of `kind` among the lifts `actor` sees; assignments to
     * lifts outside the actor's scope stay as they are.
     */
    async replaceLiftAssignments(
      actor: ScopeUser,
      userId: string,
      kind: LiftUserKind,
      liftIds: readonly string[],
    ): Promise<void> {
      const visible = db.select({ id: lifts.id }).from(lifts).where(liftScopeCondition(actor));
      await db
        .delete(liftUsers)
        .where(
          and(eq(liftUsers.userId, userId), eq(liftUsers.kind, kind), inArray(liftUsers.liftId, visible)),
        );
      const unique = [...new Set(liftIds)];
      if (unique.length) {
        await db
          .insert(liftUsers)
          .values(unique.map((liftId) => ({ liftId, userId, kind })))
          .onConflictDoNothing();
      }
    },

    /**
     * After a role change: the user's lifts move to the kind of his new role, so the lift picker
     * can still remove them; a role without assignments (admin, dev) drops them, it sees every lift.
     */
    async moveLiftAssignments(userId: string, kind: LiftUserKind | null): Promise<void> {
      const moved = await db
        .delete(liftUsers)
        .where(and(eq(liftUsers.userId, userId), kind ? ne(liftUsers.kind, kind) : undefined))
        .returning({ liftId: liftUsers.liftId });
      if (kind && moved.length) {
        await db
          .insert(liftUsers)
          .values(moved.map(({ liftId }) => ({ liftId, userId, kind })))
          .onConflictDoNothing();
      }
    },

    /**
     * A new user with his lift assignments (as customer or service man, among the lifts `actor`
     * sees), in one transaction.
     */
    async insertWithLifts(
      actor: ScopeUser,
      user: NewUserRow,
      liftIds: readonly string[] | undefined,
    ): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const repository = createUsersRepository(tx);
        const row = await repository.insert(user);
        const kind = liftKindOf(row.role);
        if (kind && liftIds?.length) await repository.replaceLiftAssignments(actor, row.id, kind, liftIds);
        return row;
      });
    },

    /**
     * `changes` and, given `liftIds`, the user's lift assignments among those `actor` sees, in one
     * transaction; a changed role moves the assignments to the new role's kind. Undefined when the
     * row is gone or no longer at `baseVersion`.
     */
    async updateWithLifts(
      actor: ScopeUser,
      target: Pick<UserRow, 'id' | 'role'>,
      changes: UserChanges,
      liftIds: readonly string[] | undefined,
      baseVersion: number | undefined,
    ): Promise<UserRow | undefined> {
      const updated = await db.transaction(async (tx) => {
        const repository = createUsersRepository(tx);
        const row = await repository.update(target.id, changes, baseVersion);
        if (!row) return undefined;
        const kind = liftKindOf(row.role);
        if (row.role !== target.role) await repository.moveLiftAssignments(row.id, kind);
        if (kind && liftIds) await repository.replaceLiftAssignments(actor, row.id, kind, liftIds);
        return row;
      });
      // Again after the commit: a lookup between the update and the commit read the old row.
      forgetSignedInUser(target.id);
      return updated;
    },

    /**
     * Uses up the invitation token and makes the invited user active with his own name, phone number
     * and password. Undefined when the token was used or the user is no longer invited.
     */
    async completeRegistration(
      userId: string,
      token: { jti: string; exp: number },
      fields: Pick<NewUserRow, 'displayName' | 'phoneNumber'> & { passwordHash: string },
    ): Promise<UserRow | undefined> {
      return db
        .transaction(async (tx) => {
          if (!(await createUsersRepository(tx).useToken(token.jti, token.exp))) return undefined;
          const [row] = await tx
            .update(users)
            .set({
              ...fields,
              status: 'active',
              version: sql`${users.version} + 1`,
              updatedAt: sql`now()`,
            })
            .where(and(eq(users.id, userId), eq(users.status, 'invited')))
            .returning();
          return row;
        })
        .finally(() => forgetSignedInUser(userId));
    },

    /** Uses up a reset token and sets the new password; undefined when the token was used before. */
    async resetPassword(
      userId: string,
      token: { jti: string; exp: number },
      passwordHash: string,
    ): Promise<UserRow | undefined> {
      return db
        .transaction(async (tx) => {
          const repository = createUsersRepository(tx);
          if (!(await repository.useToken(token.jti, token.exp))) return undefined;
          return repository.update(userId, { passwordHash });
        })
        .finally(() => forgetSignedInUser(userId));
    },

    /** Records a link token as used; false when it was used before (single use). */
    async useToken(tokenId: string, expiresAtSeconds: number): Promise<boolean> {
      const rows = await db
        .insert(usedTokens)
        .values({ tokenId, expiresAt: new Date(expiresAtSeconds * 1000) })
        .onConflictDoNothing()
        .returning({ tokenId: usedTokens.tokenId });
      return rows.length > 0;
    },

    async isTokenUsed(tokenId: string): Promise<boolean> {
      const rows = await db
        .select({ tokenId: usedTokens.tokenId })
        .from(usedTokens)
        .where(eq(usedTokens.tokenId, tokenId))
        .limit(1);
      return rows.length > 0;
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
      forgetSignedInUser(id);
      return row;
    },
  };
}
