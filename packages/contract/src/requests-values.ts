/** Pickup requests' paths, apart from their schemas (requests.ts). */

export const REQUESTS_PATH = '/back/api/v1/requests';

export const REQUESTS_PATHS = {
  /** GET: the caller's requests (or its points'); POST: creates one. */
  list: REQUESTS_PATH,
  /** GET (public): the pickup days ahead. */
  calendar: `${REQUESTS_PATH}/calendar`,
  /** GET: points that collect the chosen materials near a place. */
  suggestedPoints: `${REQUESTS_PATH}/suggested-points`,
} as const;

export function requestPath(id: number): string {
  return `${REQUESTS_PATH}/${id}`;
}

/** POST: accept, schedule, reject, cancel or collect. */
export function requestStatusPath(id: number): string {
  return `${REQUESTS_PATH}/${id}/status`;
}
