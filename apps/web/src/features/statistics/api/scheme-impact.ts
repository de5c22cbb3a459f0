/**
 * GET v1/statistics/impact: the scheme's "impact so far" (kg collected, kg CO2e avoided, km not
 * driven), public and cached on the server for 10 minutes. For the landing page.
 */
import { STATISTICS_PATHS } from '@puntoverde/contract';
import type { SchemeImpact } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchSchemeImpact(signal?: AbortSignal): Promise<SchemeImpact> {
  return (await apiRequest<{ data: SchemeImpact }>(STATISTICS_PATHS.impact, { anonymous: true, signal })).data;
}

export const schemeImpactQueryOptions = queryOptions({
  queryKey: ['statistics', 'impact'],
  queryFn: ({ signal }) => fetchSchemeImpact(signal),
  staleTime: 5 * 60_000,
});

export function useSchemeImpact() {
  return useQuery(schemeImpactQueryOptions);
}
