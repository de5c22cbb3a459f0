/** GET v1/config: public server settings (demo mode flag, map tile URL). */
import { PUBLIC_CONFIG_PATH } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { embeddedPublicConfig } from '../../../lib/embedded-config';

// A literal path: the banners show on every page; the contract's schemas stay out of them.
export const PUBLIC_CONFIG_URL = PUBLIC_CONFIG_PATH;

export interface PublicConfigData {
  demo: boolean;
  tile_url: string;
}

export async function fetchPublicConfig(): Promise<PublicConfigData> {
  const response = await apiRequest<{ data: PublicConfigData }>(PUBLIC_CONFIG_URL, { anonymous: true });
  return response.data;
}

let cached: Promise<PublicConfigData> | null = null;

/**
 * The config embedded in index.html when there is one; otherwise one request per page load,
 * shared by every caller (a failure is asked again next time).
 */
export function loadPublicConfig(): Promise<PublicConfigData> {
  const embedded = embeddedPublicConfig();
  if (embedded) return Promise.resolve(embedded);
  cached ??= fetchPublicConfig().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: loadPublicConfig,
  // Known at the first render when the server embedded it: the map starts without waiting.
  initialData: () => embeddedPublicConfig() ?? undefined,
  staleTime: Infinity,
});

/** For screens (map, admin): the config as a query. */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
