import { HOUR_MS } from '../../../contract/time';
import { getDirtyFormCount, subscribeDirtyForms } from '../../data/dirty-forms';
import { createStore, useStore } from '../../data/store';

const UPDATE_CHECK_INTERVAL_MS = HOUR_MS;

const updateWaiting = createStore(false);
export const useUpdateWaiting = () => useStore(updateWaiting);

let registration: ServiceWorkerRegistration | null = null;
let reloadRequested = false;

/**
 * Registers /sw.js in production builds (no inline script: the CSP allows only 'self'). The
 * browser's own API, not workbox-window: its ~2 KB gzip sat on the sign-in page's first load
 * (docs/performance.md). Like workbox-window's `register()`, it waits for the page's load event,
 * so that the precache does not compete with the first paint.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  // The new version took over because the user asked for it: load the page it belongs to.
  container.addEventListener('controllerchange', () => {
    if (reloadRequested) window.location.reload();
  });
  try {
    const current = await container.register('/sw.js', { scope: '/' });
    registration = current;
    // A new version is installed and waits: offer it, never force it (work in progress stays).
    // Only while a version controls the page: the first install takes over at once (sw/sw.ts).
    const offerWaiting = () => {
      if (current.waiting && container.controller) updateWaiting.set(true);
    };
    offerWaiting(); // one left waiting by an earlier visit
    current.addEventListener('updatefound', () => {
      const installing = current.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') offerWaiting();
      });
    });
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
  const waiting = registration?.waiting;
  if (!waiting) return;
  reloadRequested = true;
  // The message sw/sw.ts answers with skipWaiting().
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * The user accepted the update prompt: activate the waiting version, then reload — but never
 * under an open form with unsaved changes (src/data/dirty-forms.ts); then it waits.
 */
export function applyUpdate(): void {
  if (!registration) return;
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
