/** The service worker's offline copies of API answers (sw/sw.ts). */
import { isOfflineReadable, OFFLINE_FETCHED_AT_HEADER, OFFLINE_READ_CACHE, offlineCacheKey } from './offline-read-routes';

/** Deletes them (at sign-out: they hold the account's requests, PQRs and notifications). */
export async function clearOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_READ_CACHE);
}

/**
 * Keeps an answer the page's HTML carried (embedded-page-data.ts) as if the worker had fetched
 * it: a point viewed once stays readable offline even though the app never asked the network.
 */
export async function keepOfflineCopy(url: string, body: unknown): Promise<void> {
  if (typeof caches === 'undefined' || typeof location === 'undefined') return;
  const absolute = new URL(url, location.origin).href;
  if (!isOfflineReadable(new URL(absolute).pathname + new URL(absolute).search)) return;
  try {
    const cache = await caches.open(OFFLINE_READ_CACHE);
    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
    headers.set(OFFLINE_FETCHED_AT_HEADER, new Date().toISOString());
    await cache.put(offlineCacheKey(absolute), new Response(JSON.stringify(body), { status: 200, headers }));
  } catch {
    // No storage (private mode, quota): the page still works online.
  }
}
