import { useEffect } from 'react';
import type { AnswerOf } from '../../../contract/api/endpoint';
import { systemApi } from '../../../contract/api/system';
import { createStore, useStore } from '../store';
import { call } from './http';

const configStore = createStore<AnswerOf<typeof systemApi.config> | null>(null);
let request: Promise<void> | null = null;

/** `GET /api/config`, fetched once per page; null until it answers (or when it fails). */
export function usePublicConfig(): AnswerOf<typeof systemApi.config> | null {
  useEffect(() => {
    if (request) return;
    request = call(systemApi.config)
      .then((config) => configStore.set(config))
      .catch((error: unknown) => {
        request = null; // try again next time, e.g. once back online
        console.warn('Could not load /api/config', error);
      });
  }, []);
  return useStore(configStore);
}
