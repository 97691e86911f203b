import { PAGE_SIZE_DEFAULT } from '../../../contract/constants';
import { prefetchGet, prefetchSettled } from '../../data/api/api-prefetch';
import { mirrorStore } from '../../data/mirror/sync-status';

/**
 * `liftsApi.list`'s path (contract/api/lifts.ts), written out: the contract's module brings its
 * schemas, which stay off the first load. lift-list-prefetch.test.ts holds the two together.
 */
export const LIFT_LIST_PATH = 'lifts/getByPagination';

/** What the lift list asks first when it opens: page 1, no search (LiftsListPage, usePagedSearch). */
const FIRST_LIFT_PAGE = { page: 1, pageSize: PAGE_SIZE_DEFAULT } as const;

/**
 * For the list's route loader: asks the API for the first page while the screen's code is still
 * loading, unless the list will read a finished mirror instead (use-lifts.ts).
 */
export function prefetchFirstLiftPage(): void {
  if (mirrorStore.get().ready) return;
  prefetchGet(LIFT_LIST_PATH, FIRST_LIFT_PAGE);
}

/**
 * How long the list's route waits for that page before it draws the list in its loading state:
 * long enough for an answer that comes with the route's scripts, short enough that a slow network
 * shows the shell soon.
 */
const FIRST_PAGE_WAIT_MS = 400;

/**
 * For the list's route loader: resolves when the prefetched first page has come, or after
 * `FIRST_PAGE_WAIT_MS`. A list that mounts with its rows renders once instead of twice
 * (docs/performance.md#first-visit-of-the-lift-list).
 */
export function firstLiftPageSettled(): Promise<void> {
  return prefetchSettled(LIFT_LIST_PATH, FIRST_LIFT_PAGE, FIRST_PAGE_WAIT_MS);
}
