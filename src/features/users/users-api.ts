import type { User } from '../../../contract/schemas/user';
import { type ApiState, useApiGet } from '../../data/use-api';

export interface UserListQuery {
  page: number;
  pageSize: number;
  search: string;
}

export interface UserListPage {
  users: User[];
  count: number;
}

/** `GET /api/users?page&pageSize&search` (admin and above); keeps the last page while loading. */
export function useUserList({ page, pageSize, search }: UserListQuery): ApiState<UserListPage> {
  return useApiGet<UserListPage>('users', { page, pageSize, search });
}
