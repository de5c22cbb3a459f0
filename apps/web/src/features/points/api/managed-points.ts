/** GET v1/points/mine: the points a manager runs, with their containers. */
import { POINTS_PATHS } from '@puntoverde/contract';
import type { ManagedPoint } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchManagedPoints(): Promise<ManagedPoint[]> {
  return (await apiRequest<{ data: ManagedPoint[] }>(POINTS_PATHS.mine)).data;
}

export const managedPointsQueryOptions = queryOptions({
  queryKey: ['points', 'mine'],
  queryFn: fetchManagedPoints,
  staleTime: 0,
});

export function useManagedPoints(enabled: boolean) {
  return useQuery({ ...managedPointsQueryOptions, enabled });
}
