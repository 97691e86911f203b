import { Workbox } from 'workbox-window';
import { getDirtyFormCount, subscribeDirtyForms } from '../../data/dirty-forms';
import { createStore, useStore } from '../../data/store';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

const updateWaiting = createStore(false);
export const useUpdateWaiting = () => useStore(updateWaiting);

let workbox: Workbox | null = null;
let reloadRequested = false;

/** Registers /sw.js in production builds (no inline script: the CSP allows only 'self'). */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  // A new version is installed and waits: offer it, never force it (work in progress stays).
  workbox.addEventListener('waiting', () => updateWaiting.set(true));
  // The new version took over because the user asked for it: load the page it belongs to.
  workbox.addEventListener('controlling', () => {
    if (reloadRequested) window.location.reload();
  });
  try {
    const registration = await workbox.register();
    if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_INTERVAL_MS);
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
