/** The service worker's offline copies of API answers (sw/sw.ts). */
import { OFFLINE_READ_CACHE } from './offline-read-routes';

/** Deletes them (at sign-out: they hold the account's requests, PQRs and notifications). */
export async function clearOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_READ_CACHE);
}
