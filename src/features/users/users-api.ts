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

/** The lifts the signed-in user may assign (his scope), for the lift picker. */
export const fetchAssignableLifts = () =>
  api
    .get('lifts/getByPagination', { searchParams: { page: 1, pageSize: 100 } })
    .json<{ lifts: Lift[]; count: number }>();
