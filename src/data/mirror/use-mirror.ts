import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Description } from '../../../contract/schemas/description';
import { loadDescriptions } from '../descriptions';
import type { MirrorDb } from './mirror-db';
import { useMirrorState, useOnline } from './sync-status';

/** The user's mirror once its first sync finished; null means: ask the API. */
export function useMirror(): MirrorDb | null {
  const { db, ready } = useMirrorState();
  return ready ? db : null;
}

/** The error-code catalogue from the mirror when there is one (offline too), else from the API. */
export function useDescriptionCatalog(): Description[] | null {
  const db = useMirror();
  const online = useOnline();
  const mirrored = useLiveQuery(async () => db?.descriptions.orderBy('number').toArray(), [db]);
  const [fetched, setFetched] = useState<Description[] | null>(null);
  // The API only until the mirror holds the catalogue, and never offline: every screen would ask
  // again (and the client retry) for what cannot arrive (docs/sync.md).
  const fromApi = !db && online;
  useEffect(() => {
    if (!fromApi) return;
    let live = true;
    loadDescriptions().then(
      (list) => live && setFetched(list),
      () => live && setFetched([]),
    );
    return () => {
      live = false;
    };
  }, [fromApi]);
  if (db) return mirrored ?? null;
  return fetched;
}
