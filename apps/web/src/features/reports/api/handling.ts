/** v1/handling/reports: the inbox and status changes of point managers (their points) and staff (all). */
import { ADMIN_API_PATH, HANDLING_BULK_STATUS_PATH, HANDLING_REPORTS_PATH, adminPointPath, handlingReportPath } from '@puntoverde/contract';
import type { AdminPoint, AdminUser, HandlerReport, HandlerReportListItem, ReportBulkStatusChange, ReportStatus, ReportStatusChange } from '@puntoverde/contract';
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
      (await apiRequest<{ data: Page<HandlerReportListItem> }>(`${HANDLING_REPORTS_PATH}?${q.toString()}`, { signal })).data,
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
      (await apiRequest<{ data: HandlerReport }>(handlingReportPath(number), { signal })).data,
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
      const base = handlingReportPath(number);
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

export type BulkStatusResult = { updated: string[]; failed: { number: string; code: string; message: string }[] };

/** Many reports to one status at once; the server checks each on its own and says which moved. */
export function useBulkStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportBulkStatusChange) =>
      (await apiRequest<{ data: BulkStatusResult }>(HANDLING_BULK_STATUS_PATH, { method: 'POST', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['reports'] }),
  });
}

/** Assigns the report to someone of the team or one of its point's managers (null: nobody). */
export function useAssignReport(number: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (assigneeId: number | null) =>
      (
        await apiRequest<{ data: HandlerReport }>(`${handlingReportPath(number)}/assign`, {
          method: 'POST',
          body: { assignee_id: assigneeId },
        })
      ).data,
    onSuccess: (report) => {
      qc.setQueryData(['reports', 'handling', 'detail', report.number], report);
      void qc.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}

export type Assignee = { id: number; name: string };

/**
 * Who a report may go to, as the server decides it: active staff and the managers of the
 * report's point. Staff read both from the back office (the point, the staff users); a point
 * manager may take it or leave it unassigned.
 */
export function useAssignees(report: HandlerReport, me: Assignee, staff: boolean) {
  const pointId = report.point?.id ?? null;
  const point = useQuery({
    queryKey: ['admin', 'points', 'one', pointId],
    queryFn: async ({ signal }) => (await apiRequest<{ data: AdminPoint }>(adminPointPath(pointId ?? 0), { signal })).data,
    enabled: staff && pointId !== null,
  });
  const team = useQuery({
    queryKey: ['admin', 'users', 'list', 'staff'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Page<AdminUser> }>(`${ADMIN_API_PATH}/users?is_admin=true&active=true&page_size=100`, { signal })).data,
    enabled: staff,
  });
  const people = new Map<number, Assignee>();
  const add = (p: Assignee) => people.set(p.id, { id: p.id, name: p.name });
  add(me);
  for (const m of point.data?.managers ?? []) add(m);
  for (const u of team.data?.items ?? []) add(u);
  if (report.assigned_to) add(report.assigned_to);
  return { people: [...people.values()], isPending: staff && (point.isLoading || team.isLoading) };
}
