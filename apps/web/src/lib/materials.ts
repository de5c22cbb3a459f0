/**
 * GET v1/materials: the materials catalogue (names, bin colours, groups). One query under one key
 * serves the map, the material guide, campaigns, the request form, the statistics filter and
 * the back office; the back office's material edits invalidate it, so a rename reaches every
 * open screen.
 */
import { MATERIALS_PATH } from '@puntoverde/contract';
import type { Material } from '@puntoverde/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const MATERIALS_QUERY_KEY = ['materials'] as const;

export async function fetchMaterials(): Promise<Material[]> {
  // The server lets browsers keep the catalogue for a minute; the query's stale time decides
  // instead, and a refetch revalidates with the ETag (a 304 when nothing changed).
  return (await apiRequest<{ data: Material[] }>(MATERIALS_PATH, { anonymous: true, cache: 'no-cache' })).data;
}

export const materialsQueryOptions = queryOptions({
  queryKey: MATERIALS_QUERY_KEY,
  queryFn: fetchMaterials,
  // Admins edit the catalogue rarely; their edits invalidate it at once (invalidateMaterials).
  staleTime: 10 * 60_000,
});

export function useMaterials() {
  return useQuery(materialsQueryOptions);
}

/** After a back-office edit: every screen showing the catalogue (or a search in it) fetches it again. */
export function invalidateMaterials(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: MATERIALS_QUERY_KEY });
}
