/** GET v1/reports: public, mine, followed or near me; filtered by status and category. */
import { REPORTS_PATH } from '@puntoverde/contract';
import type { ReportList, ReportStatus } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ReportListParams = {
  scope: 'public' | 'mine' | 'following' | 'near';
  status?: ReportStatus | '';
  category?: string;
  lat?: number;
  lng?: number;
  page?: number;
};

export const REPORT_LIST_PAGE_SIZE = 20;

export function reportListPath(p: ReportListParams): string {
  const q = new URLSearchParams({ scope: p.scope, page: String(p.page ?? 1), page_size: String(REPORT_LIST_PAGE_SIZE) });
  if (p.status) q.set('status', p.status);
  if (p.category) q.set('category', p.category);
  if (p.lat !== undefined && p.lng !== undefined) {
    q.set('lat', String(p.lat));
    q.set('lng', String(p.lng));
  }
  return `${REPORTS_PATH}?${q.toString()}`;
}

export function reportListOptions(p: ReportListParams) {
  return queryOptions({
    queryKey: ['reports', 'list', p],
    queryFn: async ({ signal }) => (await apiRequest<{ data: ReportList }>(reportListPath(p), { signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useReportList(p: ReportListParams, enabled = true) {
  return useQuery({ ...reportListOptions(p), enabled });
}
