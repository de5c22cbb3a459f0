/** Staff: GET v1/admin/statistics (the whole scheme) and the impact factors (GET v1/statistics/factors, PATCH v1/admin/impact-factors/{code}). */
import { ADMIN_STATISTICS_PATH, STATISTICS_PATHS, impactFactorPath } from '@puntoverde/contract';
import type { ImpactFactor, SchemeStatistics } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SchemeFilters = { from: string; to: string; group: 'material' | 'city' | 'point' };

export function schemeStatisticsQueryOptions(f: SchemeFilters) {
  return queryOptions({
    queryKey: ['statistics', 'scheme', f],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: SchemeStatistics }>(`${ADMIN_STATISTICS_PATH}?${new URLSearchParams(f).toString()}`, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useSchemeStatistics(f: SchemeFilters, enabled = true) {
  return useQuery({ ...schemeStatisticsQueryOptions(f), enabled });
}

export const impactFactorsQueryOptions = queryOptions({
  queryKey: ['statistics', 'factors'],
  queryFn: async ({ signal }) => (await apiRequest<{ data: ImpactFactor[] }>(STATISTICS_PATHS.factors, { anonymous: true, signal })).data,
});

export function useImpactFactors(enabled = true) {
  return useQuery({ ...impactFactorsQueryOptions, enabled });
}

export function useUpdateImpactFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, factor }: { code: string; factor: number }) =>
      (await apiRequest<{ data: ImpactFactor }>(impactFactorPath(code), { method: 'PATCH', body: { factor } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['statistics'] }),
  });
}
