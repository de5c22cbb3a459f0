/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa in injectManifest mode into dist/sw.js):
 *
 * - precaches what one build writes: the app shell (index.html), every route's chunks and
 *   stylesheets, the translations, icons and the web app manifest — the list is the build's own,
 *   injected into `self.__WB_MANIFEST`, so it always names the files of this very build;
 * - pages load from the network (the server writes each page's boot screen and config), with the
 *   precached shell when the network fails or takes longer than NAVIGATION_TIMEOUT_MS;
 * - a new version waits until the person taps "Actualizar" (SKIP_WAITING message), then every tab
 *   reloads: old pages never load new chunks or the reverse (old chunks stay precached until then);
 * - the API is never cached, except the offline-reading list (offline-read-routes.ts);
 * - Background Sync: the offline outbox is flushed on `sync` (Chromium) by the open app, or by the
 *   worker itself for entries that need no session (offline-outbox-sync.ts).
 *
 * Other worker modules (push notifications) are imported below.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  OFFLINE_FETCHED_AT_HEADER,
  OFFLINE_HEADER,
  OFFLINE_READ_CACHE,
  OFFLINE_READ_MAX_ENTRIES,
  isOfflineReadable,
  offlineCacheKey,
} from '../lib/offline/offline-read-routes';
import { OUTBOX_SYNC_TAG, syncOutbox } from './offline-outbox-sync';
import { installPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const NAVIGATION_TIMEOUT_MS = 3500;
const SHELL_URL = '/index.html';

// Push notifications: in-app alert for a focused page, else a system notification; clicks open the link.
installPushHandlers(self as unknown as Parameters<typeof installPushHandlers>[0]);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once (same build as the page), so what it reads
// from now on is kept for offline use. Updates wait for SKIP_WAITING instead.
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), NAVIGATION_TIMEOUT_MS);
        try {
          return await fetch(request, { signal: controller.signal });
        } finally {
          clearTimeout(timer);
        }
      } catch {
        return (await matchPrecache(SHELL_URL)) ?? Response.error();
      }
    },
    // The API, its viewer and the dev outbox are not the app.
    { denylist: [/^\/back\//, /^\/dev\//] },
  ),
);

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && isOfflineReadable(url.pathname + url.search),
  new NetworkFirst({
    cacheName: OFFLINE_READ_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [
      new ExpirationPlugin({ maxEntries: OFFLINE_READ_MAX_ENTRIES, maxAgeSeconds: 30 * 24 * 60 * 60 }),
      {
        cacheKeyWillBeUsed: async ({ request }) => offlineCacheKey(request.url),
        // Only good answers are kept; the copy records when it was fetched.
        cacheWillUpdate: async ({ response }) => {
          if (!response.ok) return null;
          const headers = new Headers(response.headers);
          headers.set(OFFLINE_FETCHED_AT_HEADER, new Date().toISOString());
          return new Response(await response.blob(), {
            status: response.status,
            statusText: response.statusText,
            headers,
          });
        },
        // A copy read back (the network failed) says so, for the "sin conexión" note.
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return null;
          const headers = new Headers(cachedResponse.headers);
          headers.set(OFFLINE_HEADER, '1');
          return new Response(await cachedResponse.blob(), { status: cachedResponse.status, headers });
        },
      },
    ],
  }),
);

type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(syncOutbox(self));
}) as EventListener);
