/** GET v1/materials: the catalogue the request form offers (it changes only with a release). */
import type { Material } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchMaterials(): Promise<Material[]> {
  return (await apiRequest<{ data: Material[] }>('v1/materials', { anonymous: true })).data;
}

export const requestMaterialsQueryOptions = queryOptions({
  queryKey: ['requests', 'materials'],
  queryFn: fetchMaterials,
  staleTime: Infinity,
});

export function useRequestMaterials() {
  return useQuery(requestMaterialsQueryOptions);
}
