/**
 * The only API answers the service worker keeps (network first, the stored copy when offline):
 * what a recycler needs to read with no signal. Every other /back/api/ call goes to the network
 * untouched. Plain values: imported by the worker and by tests.
 */
export const OFFLINE_READ_CACHE = 'pv-api-read';
/** Marks an answer read from that cache (the app shows "sin conexión — datos de <hora>"). */
export const OFFLINE_HEADER = 'x-pv-offline';
/** When the stored copy was fetched (ISO instant), on answers read from the cache. */
export const OFFLINE_FETCHED_AT_HEADER = 'x-pv-fetched-at';

export const OFFLINE_READ_ROUTES: readonly { name: string; pattern: RegExp }[] = [
  // A point with its materials, hours and containers (the last ones viewed; `?at=` varies).
  { name: 'point', pattern: /^\/back\/api\/v1\/points\/\d+(?:\?.*)?$/ },
  // The points around the last place searched (the list).
  { name: 'points-near', pattern: /^\/back\/api\/v1\/points\/near\?.*$/ },
  // The map's clusters and points of the viewports last shown, so the map shows them without
  // tiles (the browser's own copy lives only a minute).
  { name: 'points-clusters', pattern: /^\/back\/api\/v1\/points\/clusters\?.*$/ },
  // The material dictionary (bin colours, names): the guide and the request form.
  { name: 'materials', pattern: /^\/back\/api\/v1\/materials(?:\?.*)?$/ },
  // My pickup requests and each one's timeline; the bookable days, to ask for one offline.
  { name: 'requests', pattern: /^\/back\/api\/v1\/requests(?:\/\d+|\/calendar)?(?:\?.*)?$/ },
  // The report categories, so "Reportar un problema" can be filled with no signal.
  { name: 'report-categories', pattern: /^\/back\/api\/v1\/reports\/categories$/ },
  // My PQRs.
  { name: 'my-pqrs', pattern: /^\/back\/api\/v1\/pqr\/mine(?:\?.*)?$/ },
  // A recycler's route of the day and the open pickups of their micro-routes (marked on the street).
  { name: 'my-route', pattern: /^\/back\/api\/v1\/recyclers\/me\/(?:route|open-pickups)(?:\?.*)?$/ },
  // My notifications.
  { name: 'notifications', pattern: /^\/back\/api\/v1\/notifications(?:\?.*)?$/ },
];

/** Whether a same-origin GET of `pathAndQuery` may be answered from the offline cache. */
export function isOfflineReadable(pathAndQuery: string): boolean {
  return OFFLINE_READ_ROUTES.some((route) => route.pattern.test(pathAndQuery));
}

/** Entries kept in the offline cache (the oldest go first). */
export const OFFLINE_READ_MAX_ENTRIES = 200;

/**
 * The key an answer is kept under: the URL without parameters that only say "now" (`at`, the
 * instant a point's open/closed state is computed for), so the copy of a point is found again.
 */
export function offlineCacheKey(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('at');
  return parsed.href;
}
