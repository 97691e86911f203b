/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

/** Messages the page may send; see src/app/pwa/register-service-worker.ts. */
interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

function isSkipWaitingMessage(data: unknown): data is SkipWaitingMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}

// The first install takes over the open page at once, so it works offline without a reload.
// Updates still wait for SKIP_WAITING below; claiming then is what triggers the page's reload.
clientsClaim();

// The app shell: hashed bundles, index.html, icons and the web manifest.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links work offline: every navigation gets the precached shell, except server paths.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/],
  }),
);

// A new version waits until the user accepts the update prompt; activating it in the middle of
// work would make lazy chunks of the running version 404.
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});
