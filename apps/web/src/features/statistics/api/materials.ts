/** GET v1/materials: the catalogue for the material filter (it changes only with a release). */
import type { Material } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const statisticsMaterialsQueryOptions = queryOptions({
  queryKey: ['statistics', 'materials'],
  queryFn: async () => (await apiRequest<{ data: Material[] }>('v1/materials', { anonymous: true })).data,
  staleTime: Infinity,
});

export function useStatisticsMaterials() {
  return useQuery(statisticsMaterialsQueryOptions);
}
