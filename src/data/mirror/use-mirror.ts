import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { Description } from '../../../contract/schemas/description';
import { type ClientSettings, clientSettings, DEFAULT_SETTINGS } from '../../../contract/settings';
import { loadDescriptions } from '../lookups/descriptions';
import { useStoreSelect } from '../store';
import type { MirrorDb } from './mirror-db';
import { mirrorStore, useOnline } from './sync-status';

/** The user's mirror once its first sync finished; null means: ask the API. */
export function useMirror(): MirrorDb | null {
  return useStoreSelect(mirrorStore, (state) => (state.ready ? state.db : null));
}

/**
 * Whether a screen that reads the mirror (`db`, from useMirror) shows the mirror's answer rather
 * than the API's: once the mirror has answered (`mirrored` no longer undefined), or when there is
 * no API answer to keep. When the first sync finishes while the screen shows the API's answer,
 * that answer stays until the mirror's first one comes: a loading state in between would unmount
 * what the user works in, such as an open edit dialog with its input (docs/sync.md).
 */
export function useShowsMirror(db: MirrorDb | null, mirrored: unknown, hasApiAnswer: boolean): boolean {
  const answered = useRef(false);
  if (!db) answered.current = false;
  else if (mirrored !== undefined) answered.current = true;
  return db !== null && (answered.current || !hasApiAnswer);
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
  // Until the mirror's first answer (the first sync has just finished), the fetched list stays.
  if (db) return mirrored ?? fetched;
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
