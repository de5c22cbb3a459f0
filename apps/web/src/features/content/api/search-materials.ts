/** GET v1/materials/search: the "¿Dónde reciclo...?" dictionary (shared with the map and the mobile apps). */
import { MATERIAL_SEARCH_PATH } from '@puntoverde/contract';
import type { MaterialSearchResult } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function searchMaterials(q: string): Promise<MaterialSearchResult> {
  const response = await apiRequest<{ data: MaterialSearchResult }>(`${MATERIAL_SEARCH_PATH}?q=${encodeURIComponent(q)}`, {
    anonymous: true,
  });
  return response.data;
}

export function materialSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['materials', 'search', q],
    queryFn: () => searchMaterials(q),
    staleTime: 60 * 1000,
    placeholderData: keepPreviousData,
    enabled: q.trim().length > 0,
  });
}

export function useMaterialSearch(q: string) {
  return useQuery(materialSearchQueryOptions(q));
}
