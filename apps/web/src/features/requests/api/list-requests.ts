/** GET v1/requests: what the caller may see (own, branches', their points', all for admins), filtered. */
import { REQUESTS_PATH } from '@puntoverde/contract';
import type { PickupRequestList, RequestStatus } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

export type RequestFilters = {
  status?: RequestStatus[];
  branchId?: number;
  pointId?: number;
  /** Pickup day range, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
};

export function requestListParams(f: RequestFilters): string {
  const p = new URLSearchParams();
  if (f.status?.length) p.set('status', f.status.join(','));
  if (f.branchId) p.set('branch_id', String(f.branchId));
  if (f.pointId) p.set('point_id', String(f.pointId));
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  p.set('page', String(f.page ?? 1));
  p.set('page_size', String(f.pageSize ?? 20));
  return p.toString();
}

export async function fetchRequests(f: RequestFilters, signal?: AbortSignal): Promise<PickupRequestList> {
  return (await apiRequest<{ data: PickupRequestList }>(`${REQUESTS_PATH}?${requestListParams(f)}`, { signal })).data;
}

export function requestListQueryOptions(f: RequestFilters) {
  return queryOptions({
    queryKey: ['requests', 'list', f],
    queryFn: ({ signal }) => fetchRequests(f, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useRequestList(f: RequestFilters, enabled = true) {
  return useQuery({ ...requestListQueryOptions(f), enabled });
}

/** One page of the list at a time; the screen sets the page back to 1 when a filter changes. */
export function usePagedRequestList(f: Omit<RequestFilters, 'page' | 'pageSize'>, pageSize: number, enabled = true) {
  const [page, setPage] = useState(1);
  const list = useRequestList({ ...f, page, pageSize }, enabled);
  return { list, page, setPage, pageSize };
}

export type PagedRequestList = ReturnType<typeof usePagedRequestList>;
