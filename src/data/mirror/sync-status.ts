import { useSyncExternalStore } from 'react';
import { createStore, useStore, useStoreSelect } from '../store';
import type { MirrorDb } from './mirror-db';

/**
 * What the shell shows about offline work. No Dexie here: the toolbar imports this, and the
 * database code loads only after sign-in (src/data/session/session-services.ts).
 */
export interface SyncStatus {
  online: boolean;
  /** Changes waiting to be sent (not yet rejected). */
  pending: number;
  failed: number;
  conflicts: number;
  /** ISO time of the last complete pull. */
  lastSyncAt: string | null;
  syncing: boolean;
  /** The browser refused persistent storage: the mirror may be evicted. */
  persistRefused: boolean;
  /** The last run that sent changes which had waited (offline): how many, and when. */
  delivered: { count: number; at: number } | null;
}

export const syncStatusStore = createStore<SyncStatus>(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  pending: 0,
  failed: 0,
  conflicts: 0,
  lastSyncAt: null,
  syncing: false,
  persistRefused: false,
  delivered: null,
}));
export const useSyncStatus = () => useStore(syncStatusStore);
/** The last complete pull's time alone: every lift's state badge shows it (src/ui/LiftBadges.tsx). */
export const useLastSyncAt = () => useStoreSelect(syncStatusStore, (status) => status.lastSyncAt);

/** Bytes sent of each upload on its way, by `uid` (empty between sync runs). */
export const uploadProgressStore = createStore<Record<string, { loaded: number; total: number }>>({});
export const useUploadProgress = () => useStore(uploadProgressStore);

/** The open mirror; `ready` once a first sync finished, so screens may read it instead of the API. */
export interface MirrorState {
  db: MirrorDb | null;
  userId: string | null;
  ready: boolean;
}
export const mirrorStore = createStore<MirrorState>({ db: null, userId: null, ready: false });
/** The open mirror's database alone (null when none is open), whether or not its first sync finished. */
export const useOpenMirror = () => useStoreSelect(mirrorStore, (state) => state.db);

export type SyncReason = 'start' | 'online' | 'visible' | 'reconnect' | 'reload' | 'timer' | 'user';

let syncRequester: ((reason: SyncReason) => void) | null = null;

/** Asks the sync engine (when one runs) for a push and pull soon; calls close together merge. */
export function requestSync(reason: SyncReason): void {
  syncRequester?.(reason);
}

export function setSyncRequester(requester: ((reason: SyncReason) => void) | null): void {
  syncRequester = requester;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a network (it cannot know whether the server answers). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
