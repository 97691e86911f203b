import { createStore, useStore } from '../../data/store';

/**
 * Whether a new version waits to be taken: all the first page needs of the service worker's code
 * (the root route shows the prompt when it turns true); the rest, service-worker.ts, loads after
 * the page is drawn, as the size budget wants (tools/bench/size.mjs).
 */
export const updateWaiting = createStore(false);
export const useUpdateWaiting = () => useStore(updateWaiting);
