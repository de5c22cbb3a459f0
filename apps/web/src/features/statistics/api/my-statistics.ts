/** GET v1/statistics/me: Mis cifras for the logged-in account's kind (household, branch, company, manager). */
import { STATISTICS_PATHS } from '@puntoverde/contract';
import type { MyStatistics } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type StatisticsFilters = { from: string; to: string; material?: string | undefined };

export function statisticsParams(f: StatisticsFilters): string {
  const p = new URLSearchParams({ from: f.from, to: f.to });
  if (f.material) p.set('material', f.material);
  return p.toString();
}

export async function fetchMyStatistics(f: StatisticsFilters, signal?: AbortSignal): Promise<MyStatistics> {
  return (await apiRequest<{ data: MyStatistics }>(`${STATISTICS_PATHS.me}?${statisticsParams(f)}`, { signal })).data;
}

export function myStatisticsQueryOptions(f: StatisticsFilters) {
  return queryOptions({
    queryKey: ['statistics', 'me', f],
    queryFn: ({ signal }) => fetchMyStatistics(f, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useMyStatistics(f: StatisticsFilters, enabled = true) {
  return useQuery({ ...myStatisticsQueryOptions(f), enabled });
}
