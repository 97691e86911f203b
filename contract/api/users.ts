import { MessageResponseSchema } from '../schemas/account';
import { IdParamsSchema, IdsBodySchema } from '../schemas/common';
import {
  UserListQuerySchema,
  UserListResponseSchema,
  UserOptionsQuerySchema,
  UserOptionsResponseSchema,
  UserSchema,
  UsersDeletedSchema,
} from '../schemas/user';
import { UserCreateSchema, UserUpdateSchema } from '../schemas/user-input';
import { endpoint } from './endpoint';

const tags = ['users'];

/** Managing users (customer and above, each within the users it manages: docs/access.md). */
export const usersApi = {
  list: endpoint({
    method: 'GET',
    path: '/users',
    aliases: ['/user-app/users'],
    query: UserListQuerySchema,
    answer: UserListResponseSchema,
    errors: [403],
    auth: 'customer',
    summary: 'List the users the signed-in user manages (customer and above)',
    tags,
  }),
  options: endpoint({
    method: 'GET',
    path: '/users/options',
    query: UserOptionsQuerySchema,
    answer: UserOptionsResponseSchema,
    errors: [403],
    auth: 'customer',
    summary: 'The managed users as `{ id, value, label }` options (value and label: displayName)',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/users/:id',
    aliases: [{ method: 'GET', path: '/user-app/user', paramsIn: 'query' }],
    params: IdParamsSchema,
    answer: UserSchema,
    errors: [403, 404],
    auth: 'customer',
    summary: 'One user the signed-in user manages, with his assigned lifts',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/users/register',
    aliases: ['/user-app/user/create', '/users'],
    body: UserCreateSchema,
    answer: UserSchema,
    status: 201,
    errors: [403, 429],
    auth: 'customer',
    summary: 'Create (invite) a user: created with status `invited`, an invitation mail goes out',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/users/:id',
    aliases: [{ method: 'POST', path: '/user-app/user/update', paramsIn: 'body' }],
    params: IdParamsSchema,
    body: UserUpdateSchema,
    answer: UserSchema,
    errors: [403, 404, 409],
    auth: 'customer',
    summary: 'Change a managed user (any subset of fields), optionally made on `baseVersion`',
    tags,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/users/deleteByIds',
    aliases: ['/user-app/remove-users'],
    body: IdsBodySchema,
    answer: UsersDeletedSchema,
    errors: [403, 404],
    auth: 'customer',
    summary: 'Delete managed users (all or none)',
    tags,
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/users/:id/invite',
    params: IdParamsSchema,
    answer: MessageResponseSchema,
    errors: [403, 404, 429],
    auth: 'customer',
    summary: 'Send the invitation mail again (the user has not registered yet)',
    tags,
  }),
};
