/** GET v1/materials: the catalogue with bin colours (admins edit it in the back office, rarely). */
import type { Material } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchMaterials(): Promise<Material[]> {
  return (await apiRequest<{ data: Material[] }>('v1/materials', { anonymous: true })).data;
}

export const materialsQueryOptions = queryOptions({
  queryKey: ['points', 'materials'],
  queryFn: fetchMaterials,
  // Refetched (an ETag revalidation, usually a 304) when a screen needs it after ten minutes.
  staleTime: 10 * 60_000,
});

export function useMaterials() {
  return useQuery(materialsQueryOptions);
}
