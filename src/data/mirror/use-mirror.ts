import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Description } from '../../../contract/schemas/description';
import { type ClientSettings, clientSettings, DEFAULT_SETTINGS } from '../../../contract/settings';
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

const DEFAULT_CLIENT_SETTINGS = clientSettings(DEFAULT_SETTINGS);

/**
 * The settings the PWA reads (maintenance defaults, the low-SIM share) as the mirror's last pull
 * brought them; the defaults until one did (docs/settings.md). Null while loading.
 */
export function useMirrorSettings(db: MirrorDb | null): ClientSettings | null {
  const stored = useLiveQuery(async () => (db ? ((await db.meta.get('settings')) ?? null) : null), [db]);
  if (stored === undefined) return null;
  return (stored?.value as ClientSettings | undefined) ?? DEFAULT_CLIENT_SETTINGS;
}
