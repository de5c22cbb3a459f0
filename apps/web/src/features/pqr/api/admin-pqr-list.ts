/** GET /back/api/v1/admin/pqr — the inbox, sorted by due date, with traffic lights. */
import { ADMIN_PQR_PATHS } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPqrList, PqrLight, PqrStatus, PqrType } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export type InboxFilters = {
  status?: PqrStatus | '';
  type?: PqrType | '';
  light?: PqrLight | '';
  assigned?: string;
  q?: string;
  open?: boolean;
  page: number;
};

export const INBOX_PAGE_SIZE = 25;

export function inboxSearchParams(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams({ page: String(filters.page), page_size: String(INBOX_PAGE_SIZE) });
  if (filters.status) params.set('status', filters.status);
  if (filters.type) params.set('type', filters.type);
  if (filters.light) params.set('light', filters.light);
  if (filters.assigned) params.set('assigned', filters.assigned);
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.open) params.set('open', 'true');
  return params;
}

export async function fetchInbox(filters: InboxFilters): Promise<AdminPqrList> {
  const res = await apiRequest<{ data: AdminPqrList }>(`${ADMIN_PQR_PATHS.inbox}?${inboxSearchParams(filters).toString()}`);
  return res.data;
}

export function inboxQueryOptions(filters: InboxFilters) {
  return queryOptions({
    queryKey: ['pqr', 'admin', 'inbox', inboxSearchParams(filters).toString()],
    queryFn: () => fetchInbox(filters),
    staleTime: 30_000,
  });
}

export function useInbox(filters: InboxFilters) {
  return useQuery({ ...inboxQueryOptions(filters), placeholderData: keepPreviousData });
}
