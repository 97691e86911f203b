/// <reference lib="webworker" />

import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { alarmNotification, isAlarmPush, notificationTarget } from './alarm-notification';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

/** Messages the page may send (workbox-window's messageSkipWaiting, src/app/pwa/service-worker.ts). */
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

/** Cache names; the page empties `API_CACHE` on sign-out (src/data/session/session-services.ts). */
const IMAGE_CACHE = 'lift-portal-images';
const API_CACHE = 'lift-portal-api';
const DAY_SECONDS = 24 * 60 * 60;

/**
 * API reads the app mirrors in IndexedDB (docs/sync.md), or that must always be live: never cached.
 * Writes are never handled here at all: the outbox in the page owns them, with its idempotency keys.
 */
const NOT_CACHED_API = [
  /^\/api\/sync(\/|$)/,
  /^\/api\/users\/authenticate/,
  /^\/api\/(lifts|lift-app|messages|descriptions|descriptions-app)(\/|$)/,
  /^\/api\/health(\/|$)/,
  /^\/api\/(avatars|files)\//,
];

const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

// Avatars and icons: the same URL keeps the same picture; a month is plenty.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    (url.pathname.startsWith('/api/avatars/') || url.pathname.startsWith('/icons/')),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
);

// Lift files are not cached here: the page keeps them itself, within its budget and with its pins
// (src/data/files/file-cache.ts, docs/files.md#offline), so /api/files/ is among the paths never cached.

/** A cached answer says so, so the page can show "shown from cache" (src/data/api/use-api.ts). */
const markFromCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set('X-From-Cache', '1');
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

// Other API reads (dashboard, users, logs …): the network first, the last answer when it fails.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    url.pathname.startsWith('/api/') &&
    !NOT_CACHED_API.some((pattern) => pattern.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [
      onlyOk,
      markFromCache,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * DAY_SECONDS }),
    ],
  }),
);

// A new version waits until the user accepts the update prompt; activating it in the middle of
// work would make lazy chunks of the running version 404.
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

// ---- Alarms (docs/alarms.md#push): a push is shown as a notification; a click opens the lift,
// "Acknowledge" opens the alarms page that acknowledges it (the token lives with the page).

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    return;
  }
  if (!isAlarmPush(data)) return;
  const options = alarmNotification(data, self.navigator.language ?? '');
  // `actions` is not in TypeScript's NotificationOptions yet.
  event.waitUntil(self.registration.showNotification(data.title, options as NotificationOptions));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.action, event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      // A window this worker does not control cannot be navigated: a new one opens instead.
      const navigated = open ? await open.navigate(target).catch(() => null) : null;
      if (navigated) await navigated.focus();
      else await self.clients.openWindow(target);
    })(),
  );
});
