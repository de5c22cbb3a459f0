/**
 * Background Sync (Chromium): when the connection returns, even with the app closed, the
 * browser wakes the worker with a `sync` event. An open app sends the outbox itself (it holds the
 * session); with none open, the worker sends what needs no session (anonymous PQRs). Entries of
 * a logged-in account wait for the app's next start.
 */
import { API_BASE_PATH } from '@puntoverde/contract';
import { outbox } from '../lib/offline/outbox-store';

import { FLUSH_MESSAGE } from '../lib/offline/outbox-sync-names';

export { OUTBOX_SYNC_TAG } from '../lib/offline/outbox-sync-names';

export async function syncOutbox(worker: ServiceWorkerGlobalScope): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window' });
  if (windows.length) {
    for (const client of windows) client.postMessage({ type: FLUSH_MESSAGE });
    return;
  }
  await outbox.flush({ fetch: (input, init) => fetch(input, init), apiBase: API_BASE_PATH, session: 'unknown' });
}
