/**
 * GET v1/points/{id}: the point's page. `at` is the device's clock, so "abierto ahora" is said
 * for the moment the person looks at the page.
 */
import { pointPath } from '@puntoverde/contract';
import type { PointDetail } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, embeddedQueryData } from '../../../lib/api-client';

const pointDetailPath = (id: number) => `${pointPath(id)}?at=${encodeURIComponent(new Date().toISOString())}`;

export async function fetchPointDetail(id: number, signal?: AbortSignal): Promise<PointDetail> {
  return (await apiRequest<{ data: PointDetail }>(pointDetailPath(id), { anonymous: true, signal })).data;
}

export function pointDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['points', 'detail', id],
    queryFn: ({ signal }) => fetchPointDetail(id, signal),
    ...embeddedQueryData(pointDetailPath(id), (body: { data: PointDetail }) => body.data, { anonymous: true }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 30_000,
  });
}

export function usePointDetail(id: number) {
  return useQuery(pointDetailQueryOptions(id));
}
