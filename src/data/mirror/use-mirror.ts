import { useLiveQuery } from 'dexie-react-hooks';
import type { Description } from '../../../contract/schemas/description';
import { useDescriptions } from '../descriptions';
import type { MirrorDb } from './mirror-db';
import { useMirrorState } from './sync-status';

/** The user's mirror once its first sync finished; null means: ask the API. */
export function useMirror(): MirrorDb | null {
  const { db, ready } = useMirrorState();
  return ready ? db : null;
}

/** The error-code catalogue from the mirror when there is one (offline too), else from the API. */
export function useDescriptionCatalog(): Description[] | null {
  const db = useMirror();
  const mirrored = useLiveQuery(async () => db?.descriptions.orderBy('number').toArray(), [db]);
  const fetched = useDescriptions();
  if (db) return mirrored ?? null;
  return fetched;
}
