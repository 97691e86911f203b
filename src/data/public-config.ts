import { useEffect } from 'react';
import type { PublicConfig } from '../../contract/schemas/system';
import { api } from './http';
import { createStore, useStore } from './store';

const configStore = createStore<PublicConfig | null>(null);
let request: Promise<void> | null = null;

/** `GET /api/config`, fetched once per page; null until it answers (or when it fails). */
export function usePublicConfig(): PublicConfig | null {
  useEffect(() => {
    if (request) return;
    request = api
      .get('config')
      .json<PublicConfig>()
      .then((config) => configStore.set(config))
      .catch((error: unknown) => {
        request = null; // try again next time, e.g. once back online
        console.warn('Could not load /api/config', error);
      });
  }, []);
  return useStore(configStore);
}
