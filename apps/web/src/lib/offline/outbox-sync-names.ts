/** Names shared by the page and the service worker for the outbox's Background Sync. */
export const OUTBOX_SYNC_TAG = 'pv-outbox';
/** The worker's message asking an open app to send the outbox (it holds the session). */
export const FLUSH_MESSAGE = 'pv-outbox-flush';
