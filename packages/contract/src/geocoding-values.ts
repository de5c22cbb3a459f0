/** Geocoding's paths, apart from its schemas (geocoding.ts). */

export const GEOCODING_PATHS = {
  /** GET: addresses and places matching `?q=`. */
  search: '/back/api/v1/geocoding/search',
  /** GET: the address at `?lat=&lng=`. */
  reverse: '/back/api/v1/geocoding/reverse',
} as const;
