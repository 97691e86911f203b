import { and, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type * as v from 'valibot';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import { grantableRoles, type Role } from '../../../contract/roles';
import { MessageResponseSchema } from '../../../contract/schemas/account';
import { IdParamsSchema, IdsBodySchema } from '../../../contract/schemas/common';
import {
  AuthResponseSchema,
  LoginRequestSchema,
  TokenLoginRequestSchema,
  toUserOption,
  type UserCreate,
  UserCreateSchema,
  UserIdQuerySchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserOptionsQuerySchema,
  UserOptionsResponseSchema,
  UserSchema,
  UserSettingsSchema,
  UsersDeletedSchema,
  type UserUpdate,
  UserUpdateSchema,
  UserUpdateWithIdSchema,
} from '../../../contract/schemas/user';
import { type UserRow, users as usersTable } from '../../db/schema';
import { forbidden, HttpError, notFound, unauthorized } from '../../lib/http-error';
import { createSealedTokens } from '../../lib/sealed-token';
import { orderBySort } from '../../lib/sort';
import { currentUser } from '../../plugins/auth';
import { signInRateLimit } from '../../plugins/rate-limit';
import type { ValibotTypeProvider } from '../../plugins/validation';
import { STAFF_ROOM, userRoom } from '../../realtime/rooms';
import { isUniqueViolation } from '../../db/results';
import { sendInvitation } from './invitation';
import { verifyPassword } from './password';
import { toUser } from './user-mapper';
import { manageableUsersCondition, mayChange, mayGrant } from '../../access/users';
import { createUsersRepository, liftKindOf, USER_SORT_COLUMNS, type UserChanges } from './users.repository';

export interface UsersRoutesOptions {
  loginRateLimit: number;
  /** Seals invitation links. */
  authSecret: string;
  /** The portal's address in mailed links. */
  publicUrl: string;
}

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));

/** One answer for unknown email, wrong password, disabled or invited account: nothing to enumerate. */
const invalidCredentials = () =>
  new HttpError(401, MSG.invalidCredentials, { password: MSG.invalidCredentials });

export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (
  base,
  { loginRateLimit, authSecret, publicUrl },
) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();
  const users = createUsersRepository(app.db);
  const signedIn = (user: UserRow) => ({ user: toUser(user), access_token: app.accessTokens.issue(user) });

  app.post(
    '/users/authenticate',
    {
      config: signInRateLimit(loginRateLimit),
      schema: {
        tags: ['users'],
        summary: 'Sign in with email and password',
        body: LoginRequestSchema,
        response: { 200: AuthResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await users.findByEmail(email);
      // Always verify (a decoy hash when the email is unknown) so timing reveals nothing.
      const passwordMatches = await verifyPassword(user?.passwordHash, password);
      if (!user || !passwordMatches || user.status !== 'active') throw invalidCredentials();
      return signedIn(user);
    },
  );

  app.post(
    '/users/authenticatewithtoken',
    {
      schema: {
        tags: ['users'],
        summary: 'Resume a session: exchange a valid token for a fresh one',
        body: TokenLoginRequestSchema,
        response: { 200: AuthResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = await app.accessTokens.resolveUser(request.body.access_token);
      if (!user) throw unauthorized();
      return signedIn(user);
    },
  );

  app.put(
    '/users/me/settings',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: "Change the signed-in user's settings (language, layout)",
        security: bearer,
        body: UserSettingsSchema,
        response: { 200: UserSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const updated = await users.mergeSettings(currentUser(request).id, request.body);
      if (!updated) throw unauthorized();
      return toUser(updated);
    },
  );

  // ---- Managing users (design §3 scope): customer and above, each within the users it manages.
  const managers = { onRequest: [app.authenticate, app.requireRole('customer')] };
  const tokens = createSealedTokens(authSecret);

  /** Staff lists and the manager's other devices refetch; a disabled or deleted user is signed out. */
  function usersChanged(actor: UserRow, signOut: readonly string[] = []) {
    app.io.to(STAFF_ROOM).to(userRoom(actor.id)).emit('reload', { entity: 'users' });
    for (const id of signOut) {
      app.io.to(userRoom(id)).emit('logout');
      app.io.in(userRoom(id)).disconnectSockets(true);
    }
  }

  async function withLifts(row: UserRow) {
    return { ...toUser(row), lifts: await users.liftIdsOf(row.id) };
  }

  /** 400 with `lifts` when any id is not a lift the actor sees. */
  async function checkLifts(actor: UserRow, liftIds: readonly string[] | undefined) {
    if (!liftIds?.length) return;
    const visible = await users.liftsInScope(actor, liftIds);
    if (liftIds.some((id) => !visible.has(id))) {
      throw new HttpError(400, MSG.invalidRequest, { lifts: MSG.liftNotFound });
    }
  }

  const duplicateEmail = () => new HttpError(400, MSG.invalidRequest, { email: MSG.emailTaken });

  async function listUsers(actor: UserRow, query: v.InferOutput<typeof UserListQuerySchema>) {
    const { rows, count } = await users.list({
      page: query.page,
      pageSize: query.pageSize,
      search: query.search || undefined,
      role: query.role,
      orderBy: orderBySort(query.sort, USER_SORT_COLUMNS, usersTable.id),
      scope: manageableUsersCondition(actor),
    });
    return { users: rows.map(toUser), count };
  }

  async function findManaged(actor: UserRow, id: string) {
    const user = await users.findInScope(id, manageableUsersCondition(actor));
    if (!user) throw notFound(MSG.userNotFound);
    return user;
  }

  const listSchema = {
    tags: ['users'],
    summary: 'List the users the signed-in user manages (customer and above)',
    security: bearer,
    querystring: UserListQuerySchema,
    response: { 200: UserListResponseSchema, ...errors(400, 401, 403) },
  };
  for (const url of ['/users', '/user-app/users']) {
    app.get(url, { ...managers, schema: listSchema }, (request) =>
      listUsers(currentUser(request), request.query),
    );
  }

  app.get(
    '/users/options',
    {
      ...managers,
      schema: {
        tags: ['users'],
        summary: 'The managed users as `{ id, value, label }` options (value and label: displayName)',
        security: bearer,
        querystring: UserOptionsQuerySchema,
        response: { 200: UserOptionsResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const rows = await users.options(manageableUsersCondition(currentUser(request)), request.query.role);
      return rows.map(toUserOption);
    },
  );

  const getSchema = {
    tags: ['users'],
    summary: 'One user the signed-in user manages, with his assigned lifts',
    security: bearer,
    response: { 200: UserSchema, ...errors(400, 401, 403, 404) },
  };
  app.get('/users/:id', { ...managers, schema: { ...getSchema, params: IdParamsSchema } }, async (request) =>
    withLifts(await findManaged(currentUser(request), request.params.id)),
  );
  app.get(
    '/user-app/user',
    { ...managers, schema: { ...getSchema, querystring: UserIdQuerySchema } },
    async (request) => withLifts(await findManaged(currentUser(request), request.query.id)),
  );

  async function createUser(actor: UserRow, input: UserCreate, reply: FastifyReply) {
    if (!mayGrant(actor.role, input.role)) throw forbidden();
    await checkLifts(actor, input.lifts);
    if (await users.isEmailTaken(input.email)) throw duplicateEmail();
    // A customer admin's users always belong to its company; others inherit the creator's.
    const companyId =
      actor.role === 'customer_admin' ? actor.companyId : (input.companyId ?? actor.companyId ?? null);
    const { lifts: liftIds, ...fields } = input;
    let created: UserRow;
    try {
      created = await app.db.transaction(async (tx) => {
        const repository = createUsersRepository(tx);
        const row = await repository.insert({
          ...fields,
          companyId,
          status: 'invited',
          passwordHash: null,
          createdBy: actor.id,
        });
        const kind = liftKindOf(row.role);
        if (kind && liftIds?.length) await repository.replaceLiftAssignments(actor, row.id, kind, liftIds);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateEmail();
      throw error;
    }
    // The user exists even if the mail fails; the manager can send it again (POST /users/:id/invite).
    await sendInvitation(app.mailer, tokens, publicUrl, created, actor).catch((error: unknown) =>
      app.log.error({ err: error, userId: created.id }, 'invitation mail failed'),
    );
    usersChanged(actor);
    return reply.code(201).send(await withLifts(created));
  }

  const createSchema = {
    tags: ['users'],
    summary: 'Invite a user: created with status `invited`, an invitation mail goes out',
    security: bearer,
    body: UserCreateSchema,
    response: { 201: UserSchema, ...errors(400, 401, 403) },
  };
  for (const url of ['/users', '/user-app/user/create']) {
    app.post(url, { ...managers, schema: createSchema }, (request, reply) =>
      createUser(currentUser(request), request.body, reply),
    );
  }

  async function updateUser(actor: UserRow, id: string, input: UserUpdate, reply: FastifyReply) {
    const target = await findManaged(actor, id);
    if (!mayChange(actor.role, target.role)) throw forbidden();
    const { baseVersion, lifts: liftIds, status, ...fields } = input;
    if (baseVersion !== undefined && baseVersion !== target.version) {
      return reply.code(409).send({ message: MSG.staleVersion, current: await withLifts(target) });
    }
    const role: Role = fields.role ?? target.role;
    if (role !== target.role) {
      if (target.id === actor.id) throw forbidden();
      if (!mayGrant(actor.role, role)) throw forbidden();
    }
    if (status === 'active' && target.status === 'invited') {
      // Only registering (with a password of his own) makes an invited user active.
      throw new HttpError(400, MSG.invalidRequest, { status: MSG.invalidValue });
    }
    await checkLifts(actor, liftIds);
    if (fields.email && (await users.isEmailTaken(fields.email, target.id))) throw duplicateEmail();
    const changes: UserChanges = { ...fields };
    if (status) changes.status = status;
    if (actor.role === 'customer_admin') delete changes.companyId;
    let updated: UserRow | undefined;
    try {
      updated = await app.db.transaction(async (tx) => {
        const repository = createUsersRepository(tx);
        const row = await repository.update(target.id, changes, baseVersion);
        if (!row) return undefined;
        const kind = liftKindOf(row.role);
        if (row.role !== target.role) await repository.moveLiftAssignments(row.id, kind);
        if (kind && liftIds) await repository.replaceLiftAssignments(actor, row.id, kind, liftIds);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateEmail();
      throw error;
    }
    if (!updated) {
      const current = await users.findInScope(target.id, manageableUsersCondition(actor));
      if (!current) throw notFound(MSG.userNotFound);
      return reply.code(409).send({ message: MSG.staleVersion, current: await withLifts(current) });
    }
    usersChanged(actor, updated.status === 'disabled' && target.status !== 'disabled' ? [updated.id] : []);
    return withLifts(updated);
  }

  app.put(
    '/users/:id',
    {
      ...managers,
      schema: {
        tags: ['users'],
        summary: 'Change a managed user (any subset of fields), optionally made on `baseVersion`',
        security: bearer,
        params: IdParamsSchema,
        body: UserUpdateSchema,
        response: { 200: UserSchema, 409: ApiErrorSchema, ...errors(400, 401, 403, 404) },
      },
    },
    (request, reply) => updateUser(currentUser(request), request.params.id, request.body, reply),
  );
  app.post(
    '/user-app/user/update',
    {
      ...managers,
      schema: {
        tags: ['users'],
        summary: 'Change a managed user; the id is in the body',
        security: bearer,
        body: UserUpdateWithIdSchema,
        response: { 200: UserSchema, 409: ApiErrorSchema, ...errors(400, 401, 403, 404) },
      },
    },
    (request, reply) => {
      const { id, ...input } = request.body;
      return updateUser(currentUser(request), id, input, reply);
    },
  );

  const deleteSchema = {
    tags: ['users'],
    summary: 'Delete managed users',
    security: bearer,
    body: IdsBodySchema,
    response: { 200: UsersDeletedSchema, ...errors(400, 401, 403) },
  };
  for (const url of ['/users/deleteByIds', '/user-app/remove-users']) {
    app.post(url, { ...managers, schema: deleteSchema }, async (request) => {
      const actor = currentUser(request);
      if (request.body.ids.includes(actor.id)) throw forbidden();
      const ids = [...new Set(request.body.ids)];
      const scope = manageableUsersCondition(actor);
      // All or nothing: one id out of scope answers 404, as a single one would.
      if ((await users.countInScope(ids, scope)) !== ids.length) throw notFound(MSG.userNotFound);
      // Users above the actor's own role (an admin's dev) are seen but not deleted.
      if (
        (await users.countInScope(ids, and(scope, inArray(usersTable.role, grantableRoles(actor.role))))) !==
        ids.length
      ) {
        throw forbidden();
      }
      const removed = await users.deleteInScope(ids, scope, actor.id);
      usersChanged(
        actor,
        removed.map((row) => row.id),
      );
      return { message: MSG.deleted, deleted: removed.length };
    });
  }

  app.post(
    '/users/:id/invite',
    {
      ...managers,
      schema: {
        tags: ['users'],
        summary: 'Send the invitation mail again (the user has not registered yet)',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const target = await findManaged(actor, request.params.id);
      if (target.status !== 'invited') throw new HttpError(400, MSG.alreadyRegistered);
      await sendInvitation(app.mailer, tokens, publicUrl, target, actor);
      return { message: MSG.invitationSent };
    },
  );
};
