/**
 * A minimal service worker that only handles pushes (sw/push.ts). The PWA's Workbox worker
 * replaces it by importing sw/push.ts itself; until then this one is served as /push-sw.js
 * (build/push-worker.ts) and registered by features/notifications when push is turned on.
 */
import { installPushHandlers } from './push';

declare const self: { skipWaiting(): Promise<void>; clients: { claim(): Promise<void> }; addEventListener(type: string, listener: (event: { waitUntil(p: Promise<unknown>): void }) => void): void };

installPushHandlers(self as unknown as Parameters<typeof installPushHandlers>[0]);
self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
