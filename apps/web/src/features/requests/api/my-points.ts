/** GET v1/points/mine: the points the manager runs (names for the point filter). */
import { POINTS_PATHS } from '@puntoverde/contract';
import type { ManagedPoint } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchMyPoints(): Promise<ManagedPoint[]> {
  return (await apiRequest<{ data: ManagedPoint[] }>(POINTS_PATHS.mine)).data;
}

export const myPointsQueryOptions = queryOptions({
  queryKey: ['requests', 'my-points'],
  queryFn: fetchMyPoints,
  staleTime: 5 * 60_000,
});

export function useMyPoints() {
  return useQuery(myPointsQueryOptions);
}
