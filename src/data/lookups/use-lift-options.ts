import { useLiveQuery } from 'dexie-react-hooks';
import type { Lift } from '../../../contract/schemas/lift';
import { useApiGet } from '../api/use-api';
import { useMirror } from '../mirror/use-mirror';

/**
 * Every lift in the user's scope, for pickers in any screen (the first 100 from the API when
 * there is no mirror). Shared here rather than in features/lifts: a feature imports only itself.
 */
export function useLiftOptions(): Lift[] {
  const db = useMirror();
  const mirrored = useLiveQuery(async () => db?.lifts.orderBy('uid').toArray(), [db]);
  const fetched = useApiGet<{ lifts: Lift[] }>(db ? null : 'lifts/getByPagination', {
    page: 1,
    pageSize: 100,
  });
  // Until the mirror's first answer (the first sync has just finished), the fetched lifts stay.
  return mirrored ?? fetched.data?.lifts ?? [];
}
