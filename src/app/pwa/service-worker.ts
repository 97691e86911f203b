import type { Workbox } from 'workbox-window';
import { HOUR_MS } from '../../../contract/time';
import { getDirtyFormCount, subscribeDirtyForms } from '../../data/dirty-forms';
import { createStore, useStore } from '../../data/store';
import { updateWaiting } from './update-waiting';

const UPDATE_CHECK_INTERVAL_MS = HOUR_MS;

/** The registration's Workbox (workbox-window), once the page has loaded it. */
let workbox: Workbox | null = null;
let reloadRequested = false;

/**
 * Registers /sw.js in production builds (no inline script: the CSP allows only 'self') through
 * workbox-window, imported only after the page's load event: its ~2 KB gzip stay off the sign-in
 * page's first load (docs/performance.md), and the precache does not compete with the first paint.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  try {
    const { Workbox } = await import('workbox-window');
    const current = new Workbox('/sw.js', { scope: '/' });
    // A new version is installed and waits, found now or left waiting by an earlier visit: offer
    // it, never force it (work in progress stays). Only while a version controls the page: the
    // first install takes over at once (sw/sw.ts). Updates found by the hourly check come as
    // "external" to workbox-window (a minute after registering): they are offered the same.
    current.addEventListener('waiting', () => {
      if (navigator.serviceWorker.controller) updateWaiting.set(true);
    });
    // The new version took over because the user asked for it: load the page it belongs to.
    current.addEventListener('controlling', () => {
      if (reloadRequested) window.location.reload();
    });
    await current.register({ immediate: true });
    workbox = current;
    setInterval(() => void current.update(), UPDATE_CHECK_INTERVAL_MS);
  } catch (error) {
    console.warn('Service worker registration failed', error);
  }
}

/** The user accepted, but a form holds unsaved changes: the update waits until none does. */
const updateDeferred = createStore(false);
export const useUpdateDeferred = () => useStore(updateDeferred);
let stopWaitingForForms: (() => void) | null = null;

function activateWaitingVersion(): void {
  if (!workbox) return;
  reloadRequested = true;
  // SKIP_WAITING to the waiting version, which sw/sw.ts answers with skipWaiting(); its
  // clientsClaim() then makes it control this page, and `controlling` above reloads.
  workbox.messageSkipWaiting();
}

/**
 * The user accepted the update prompt: activate the waiting version, then reload — but never
 * under an open form with unsaved changes (src/data/dirty-forms.ts); then it waits.
 */
export function applyUpdate(): void {
  if (!workbox) return;
  if (getDirtyFormCount() === 0) {
    activateWaitingVersion();
    return;
  }
  updateDeferred.set(true);
  stopWaitingForForms ??= subscribeDirtyForms(() => {
    if (getDirtyFormCount() > 0) return;
    stopWaitingForForms?.();
    stopWaitingForForms = null;
    updateDeferred.set(false);
    activateWaitingVersion();
  });
}

export function dismissUpdate(): void {
  updateWaiting.set(false);
}
