/** GET v1/requests/{id}: one request with its timeline. */
import { requestPath } from '@puntoverde/contract';
import type { PickupRequestDetail } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchRequest(id: number, signal?: AbortSignal): Promise<PickupRequestDetail> {
  return (await apiRequest<{ data: PickupRequestDetail }>(requestPath(id), { signal })).data;
}

export function requestQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['requests', 'detail', id],
    queryFn: ({ signal }) => fetchRequest(id, signal),
    staleTime: 15_000,
  });
}

export function useRequest(id: number | null) {
  return useQuery({ ...requestQueryOptions(id ?? 0), enabled: id !== null });
}
