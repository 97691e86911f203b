import type { FastifyPluginAsync } from 'fastify';
import type * as v from 'valibot';
import { ApiErrorSchema } from '../../../contract/errors';
import { MSG } from '../../../contract/messages';
import { IdParamsSchema } from '../../../contract/schemas/common';
import {
  AuthResponseSchema,
  LoginRequestSchema,
  TokenLoginRequestSchema,
  UserIdQuerySchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserSchema,
  UserSettingsSchema,
} from '../../../contract/schemas/user';
import { type UserRow, users as usersTable } from '../../db/schema';
import { HttpError, notFound, unauthorized } from '../../lib/http-error';
import { orderBySort } from '../../lib/sort';
import { currentUser } from '../../plugins/auth';
import { signInRateLimit } from '../../plugins/rate-limit';
import type { ValibotTypeProvider } from '../../plugins/validation';
import { verifyPassword } from './password';
import { toUser } from './user-mapper';
import { createUsersRepository, USER_SORT_COLUMNS } from './users.repository';

export interface UsersRoutesOptions {
  loginRateLimit: number;
}

const bearer = [{ bearerAuth: [] }];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ApiErrorSchema]));

/** One answer for unknown email, wrong password, disabled or invited account: nothing to enumerate. */
const invalidCredentials = () =>
  new HttpError(401, MSG.invalidCredentials, { password: MSG.invalidCredentials });

export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (base, { loginRateLimit }) => {
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

  const adminOnly = { onRequest: [app.authenticate, app.requireRole('admin')] };

  async function listUsers(query: v.InferOutput<typeof UserListQuerySchema>) {
    const { rows, count } = await users.list({
      page: query.page,
      pageSize: query.pageSize,
      search: query.search || undefined,
      role: query.role,
      orderBy: orderBySort(query.sort, USER_SORT_COLUMNS, usersTable.id),
    });
    return { users: rows.map(toUser), count };
  }

  async function getUser(id: string) {
    const user = await users.findById(id);
    if (!user) throw notFound(MSG.userNotFound);
    return toUser(user);
  }

  const listSchema = {
    tags: ['users'],
    summary: 'List users (admin and above)',
    security: bearer,
    querystring: UserListQuerySchema,
    response: { 200: UserListResponseSchema, ...errors(400, 401, 403) },
  };
  app.get('/users', { ...adminOnly, schema: listSchema }, (request) => listUsers(request.query));
  app.get('/user-app/users', { ...adminOnly, schema: listSchema }, (request) => listUsers(request.query));

  const getSchema = {
    tags: ['users'],
    summary: 'One user (admin and above)',
    security: bearer,
    response: { 200: UserSchema, ...errors(400, 401, 403, 404) },
  };
  app.get('/users/:id', { ...adminOnly, schema: { ...getSchema, params: IdParamsSchema } }, (request) =>
    getUser(request.params.id),
  );
  app.get(
    '/user-app/user',
    { ...adminOnly, schema: { ...getSchema, querystring: UserIdQuerySchema } },
    (request) => getUser(request.query.id),
  );
};
