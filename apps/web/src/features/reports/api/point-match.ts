/** GET v1/reports/point-match: the point a report filed here without a point goes to (or null). */
import { REPORT_POINT_MATCH_PATH, type ReportPointMatch } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function pointMatchOptions(at: { lat: number; lng: number }) {
  return queryOptions({
    queryKey: ['reports', 'point-match', at],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: ReportPointMatch | null }>(`${REPORT_POINT_MATCH_PATH}?lat=${at.lat}&lng=${at.lng}`, {
          signal,
        })
      ).data,
    staleTime: 60_000,
  });
}

/** Asked only for a report without a point of its own. */
export function usePointMatch(at: { lat: number; lng: number } | null) {
  return useQuery({ ...pointMatchOptions(at ?? { lat: 0, lng: 0 }), enabled: at !== null });
}
