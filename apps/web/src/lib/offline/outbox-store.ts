/**
 * The app's outbox on IndexedDB (idb-keyval: a 600-byte wrapper, one database per store), shared
 * by every tab and the service worker; a BroadcastChannel tells the others when it changed.
 */
import { createStore, del, get, set, values } from 'idb-keyval';
import { OUTBOX_CHANNEL, createOutbox, type OutboxEntry, type OutboxStorage } from './outbox';

const store = typeof indexedDB === 'undefined' ? null : createStore('puntoverde-outbox', 'entries');

/** IndexedDB when the browser has it; otherwise (old WebView, private mode) memory only. */
export function browserOutboxStorage(): OutboxStorage {
  if (!store) {
    const memory = new Map<string, OutboxEntry>();
    return {
      get: (id) => Promise.resolve(memory.get(id)),
      set: (id, e) => Promise.resolve(void memory.set(id, e)),
      del: (id) => Promise.resolve(void memory.delete(id)),
      values: () => Promise.resolve([...memory.values()]),
    };
  }
  return {
    get: (id) => get<OutboxEntry>(id, store),
    set: (id, e) => set(id, e, store),
    del: (id) => del(id, store),
    values: () => values<OutboxEntry>(store),
  };
}

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
const listeners = new Set<() => void>();
channel?.addEventListener('message', () => listeners.forEach((l) => l()));

/** Runs `listener` whenever the outbox changes, here or in another tab or the worker. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const outbox = createOutbox(browserOutboxStorage(), () => {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
});
