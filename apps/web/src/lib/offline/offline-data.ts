/**
 * Whether what the screens show came from the service worker's offline copies (the network
 * failed): the API client reports every answer here, the offline note reads it. Tiny on purpose:
 * it is part of the first screen's code.
 */
import { OFFLINE_FETCHED_AT_HEADER, OFFLINE_HEADER, isOfflineReadable } from './offline-read-routes';

export type OfflineDataState = {
  /** When the oldest offline copy on screen was fetched (ISO instant); null when all is live. */
  dataFrom: string | null;
};

let state: OfflineDataState = { dataFrom: null };
/** The offline copies in use, by URL (without `at`), with when each was fetched. */
const copies = new Map<string, string>();
const listeners = new Set<() => void>();

function update() {
  const oldest = [...copies.values()].sort()[0] ?? null;
  if (oldest === state.dataFrom) return;
  state = { dataFrom: oldest };
  listeners.forEach((l) => l());
}

/**
 * Called by the API client with each answer of the offline-reading list: an offline copy joins
 * the note; a live answer for the same URL takes its copy off it. (Other answers say nothing: a
 * live answer of one URL, or one from the HTTP cache, does not make another screen's data live.)
 */
export function noteApiResponse(response: Response): void {
  let key = '';
  if (response.url) {
    const url = new URL(response.url);
    url.searchParams.delete('at');
    key = url.pathname + url.search;
    if (!isOfflineReadable(key)) return;
  }
  if (response.headers.get(OFFLINE_HEADER)) {
    const fetchedAt = response.headers.get(OFFLINE_FETCHED_AT_HEADER) ?? response.headers.get('date');
    copies.set(key, fetchedAt ? new Date(fetchedAt).toISOString() : new Date(0).toISOString());
  } else {
    copies.delete(key);
  }
  update();
}

export function getOfflineData(): OfflineDataState {
  return state;
}

export function subscribeOfflineData(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Test hook. */
export function resetOfflineData(): void {
  copies.clear();
  state = { dataFrom: null };
}
