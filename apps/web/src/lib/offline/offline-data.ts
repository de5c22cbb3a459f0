/**
 * Whether what the screens show came from the service worker's offline copies (the network
 * failed): the API client reports every answer here, the offline note reads it. Tiny on purpose:
 * it is part of the first screen's code.
 */
import { OFFLINE_FETCHED_AT_HEADER, OFFLINE_HEADER } from './offline-read-routes';

export type OfflineDataState = {
  /** When the oldest offline copy on screen was fetched (ISO instant); null when all is live. */
  dataFrom: string | null;
};

let state: OfflineDataState = { dataFrom: null };
const listeners = new Set<() => void>();

function setState(next: OfflineDataState) {
  if (next.dataFrom === state.dataFrom) return;
  state = next;
  listeners.forEach((l) => l());
}

/** Called by the API client with each answer. */
export function noteApiResponse(response: Response): void {
  if (response.headers.get(OFFLINE_HEADER)) {
    const fetchedAt = response.headers.get(OFFLINE_FETCHED_AT_HEADER) ?? response.headers.get('date');
    const iso = fetchedAt ? new Date(fetchedAt).toISOString() : new Date(0).toISOString();
    setState({ dataFrom: state.dataFrom && state.dataFrom < iso ? state.dataFrom : iso });
  } else if (state.dataFrom) {
    setState({ dataFrom: null });
  }
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
  state = { dataFrom: null };
}
