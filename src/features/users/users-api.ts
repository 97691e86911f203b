import { useEffect, useState } from 'react';
import type { User } from '../../../contract/schemas/user';
import { type ApiRequestError, isApiRequestError } from '../../data/api-error';
import { api } from '../../data/http';

export interface UserListQuery {
  page: number;
  pageSize: number;
  search: string;
}

export interface UserListPage {
  users: User[];
  count: number;
}

export type UserListState =
  | { status: 'loading'; data: UserListPage | null }
  | { status: 'ready'; data: UserListPage }
  | { status: 'failed'; data: UserListPage | null; error: ApiRequestError };

/** `GET /api/users?page&pageSize&search` (admin and above); keeps the last page while loading. */
export function useUserList({ page, pageSize, search }: UserListQuery): UserListState {
  const [state, setState] = useState<UserListState>({ status: 'loading', data: null });

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', data: current.data }));
    const searchParams: Record<string, string | number> = { page, pageSize };
    if (search) searchParams.search = search;
    api
      .get('users', { searchParams, signal: controller.signal })
      .json<UserListPage>()
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!isApiRequestError(error)) throw error;
        setState((current) => ({ status: 'failed', data: current.data, error }));
      });
    return () => controller.abort();
  }, [page, pageSize, search]);

  return state;
}
