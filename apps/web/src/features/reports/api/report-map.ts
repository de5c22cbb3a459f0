/** GET v1/reports/map: the reports of a map viewport as markers (no personal data). */
import { REPORT_MAP_PATH } from '@puntoverde/contract';
import type { ReportMap, ReportStatus } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ReportMapParams = {
  /** `minLng,minLat,maxLng,maxLat`, rounded so small pans reuse the answer. */
  bbox: string;
  status?: ReportStatus | '';
  category?: string;
};

export function reportMapOptions(p: ReportMapParams) {
  const q = new URLSearchParams({ bbox: p.bbox });
  if (p.status) q.set('status', p.status);
  if (p.category) q.set('category', p.category);
  return queryOptions({
    queryKey: ['reports', 'map', p],
    queryFn: async ({ signal }) => (await apiRequest<{ data: ReportMap }>(`${REPORT_MAP_PATH}?${q.toString()}`, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useReportMap(p: ReportMapParams | null) {
  return useQuery({ ...reportMapOptions(p ?? { bbox: '' }), enabled: p !== null });
}
