/** GET v1/points/{id}: the point a report is about (name, place, containers) to pre-fill the form. */
import { pointPath } from '@puntoverde/contract';
import type { PointDetail } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function pointForReportOptions(id: number) {
  return queryOptions({
    queryKey: ['reports', 'point', id],
    queryFn: async ({ signal }) => (await apiRequest<{ data: PointDetail }>(pointPath(id), { signal })).data,
    staleTime: 60_000,
  });
}

export function usePointForReport(id: number | null) {
  return useQuery({ ...pointForReportOptions(id ?? 0), enabled: id !== null && id > 0 });
}
