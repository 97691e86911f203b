import type { AnswerOf } from '../../../contract/api/endpoint';
import { liftsApi } from '../../../contract/api/lifts';
import { usersApi } from '../../../contract/api/users';
import type { Role } from '../../../contract/roles';
import type { UserCreate, UserUpdate } from '../../../contract/schemas/user-input';
import { call } from '../../data/api/http';
import { useApiQuery } from '../../data/api/use-api';

export interface UserListQuery {
  page: number;
  pageSize: number;
  search: string;
  /** Only users of this role (the service men screens). */
  role?: Role;
}

/** `GET /api/users?page&pageSize&search&role` (customer and above, scoped); keeps the last page while loading. */
export const useUserList = ({ page, pageSize, search, role }: UserListQuery) =>
  useApiQuery(usersApi.list, { query: { page, pageSize, search, role } });

/** One managed user with the ids of his assigned lifts; no call without an id. */
export const useManagedUser = (id: string | undefined) =>
  useApiQuery(usersApi.get, id ? { params: { id } } : null);

/** `POST /api/users/register`: the user is created (invited) and the invitation mail goes out. */
export const createUser = (input: UserCreate) => call(usersApi.create, { body: input });
export const updateUser = (id: string, input: UserUpdate) =>
  call(usersApi.update, { params: { id }, body: input });
export const deleteUsers = (ids: string[]) => call(usersApi.remove, { body: { ids } });
export const resendInvitation = (id: string) => call(usersApi.resendInvitation, { params: { id } });

export type LiftPage = AnswerOf<typeof liftsApi.list>;

/** The lifts of the signed-in user's scope that match `search`, for the lift picker. */
export const useAssignableLifts = (search: string, pageSize: number) =>
  useApiQuery(liftsApi.list, { query: { page: 1, pageSize, search } });

/** The lifts assigned to `userId`, as far as the signed-in user sees them; none without a user. */
export const useAssignedLifts = (userId: string | undefined, pageSize: number) =>
  useApiQuery(liftsApi.byUser, userId ? { query: { userId, pageSize } } : null);

/** One row of the user list. */
export type UserRow = AnswerOf<typeof usersApi.list>['users'][number];
