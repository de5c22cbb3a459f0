/** v1/handling/reports: the inbox and status changes of point managers (their points) and staff (all). */
import type { HandlerReport, HandlerReportListItem, ReportStatus, ReportStatusChange } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type Page<T> = { items: T[]; total: number; page: number; page_size: number };

export const HANDLING_PAGE_SIZE = 20;

type HandlingListParams = { status?: ReportStatus | ''; category?: string; page?: number };

/** The inbox, oldest first, a page at a time. */
export function handlingListOptions(p: HandlingListParams) {
  const q = new URLSearchParams({ page: String(p.page ?? 1), page_size: String(HANDLING_PAGE_SIZE) });
  if (p.status) q.set('status', p.status);
  if (p.category) q.set('category', p.category);
  return queryOptions({
    queryKey: ['reports', 'handling', 'list', p],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Page<HandlerReportListItem> }>(`v1/handling/reports?${q.toString()}`, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useHandlingList(p: HandlingListParams, enabled: boolean) {
  return useQuery({ ...handlingListOptions(p), enabled });
}

export function handlerReportOptions(number: string) {
  return queryOptions({
    queryKey: ['reports', 'handling', 'detail', number],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: HandlerReport }>(`v1/handling/reports/${encodeURIComponent(number)}`, { signal })).data,
  });
}

export function useHandlerReport(number: string, enabled: boolean) {
  return useQuery({ ...handlerReportOptions(number), enabled, retry: false });
}

export type HandlerAction = { kind: 'status'; change: ReportStatusChange } | { kind: 'note'; text: string };

export function useHandlerAction(number: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (action: HandlerAction) => {
      const base = `v1/handling/reports/${encodeURIComponent(number)}`;
      const res =
        action.kind === 'status'
          ? await apiRequest<{ data: HandlerReport }>(`${base}/status`, { method: 'POST', body: action.change })
          : await apiRequest<{ data: HandlerReport }>(`${base}/notes`, { method: 'POST', body: { text: action.text } });
      return res.data;
    },
    onSuccess: (report) => {
      qc.setQueryData(['reports', 'handling', 'detail', report.number], report);
      void qc.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}
