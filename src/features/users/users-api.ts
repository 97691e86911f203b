import type { Role } from '../../../contract/roles';
import type { Lift } from '../../../contract/schemas/lift';
import type { User, UserCreate, UserUpdate } from '../../../contract/schemas/user';
import { api } from '../../data/http';
import { type ApiState, useApiGet } from '../../data/use-api';

export interface UserListQuery {
  page: number;
  pageSize: number;
  search: string;
  /** Only users of this role (the service men screens). */
  role?: Role;
}

export interface UserListPage {
  users: User[];
  count: number;
}

/** A user as the single-user endpoints answer: with the ids of his assigned lifts. */
export type UserWithLifts = User & { lifts?: string[] };

export type UserInput = UserCreate;

/** `GET /api/users?page&pageSize&search&role` (customer and above, scoped); keeps the last page while loading. */
export function useUserList({ page, pageSize, search, role }: UserListQuery): ApiState<UserListPage> {
  return useApiGet<UserListPage>('users', { page, pageSize, search, role });
}

export const createUser = (input: UserInput) => api.post('users', { json: input }).json<UserWithLifts>();
export const updateUser = (id: string, input: UserUpdate) =>
  api.put(`users/${id}`, { json: input }).json<UserWithLifts>();
export const deleteUsers = (ids: string[]) =>
  api.post('users/deleteByIds', { json: { ids } }).json<{ message: string; deleted: number }>();
export const resendInvitation = (id: string) => api.post(`users/${id}/invite`).json<{ message: string }>();

export interface LiftPage {
  lifts: Lift[];
  count: number;
}

/** The lifts of the signed-in user's scope that match `search`, for the lift picker. */
export const useAssignableLifts = (search: string, pageSize: number) =>
  useApiGet<LiftPage>('lifts/getByPagination', { page: 1, pageSize, search });

/** The lifts assigned to `userId`, as far as the signed-in user sees them; none without a user. */
export const useAssignedLifts = (userId: string | undefined, pageSize: number) =>
  useApiGet<LiftPage>(userId ? 'lifts/getByUserId' : null, { userId, pageSize });
