/** GET v1/points/near (the points feature): the closest point to a location. */
import { POINTS_PATHS } from '@puntoverde/contract';
import type { PointNear } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchNearestPoint(lat: number, lng: number): Promise<PointNear | null> {
  const response = await apiRequest<{ data: PointNear[] }>(`${POINTS_PATHS.near}?lat=${lat}&lng=${lng}&limit=1`);
  return response.data[0] ?? null;
}

export function nearestPointQueryOptions(position: { lat: number; lng: number } | null) {
  return queryOptions({
    queryKey: ['points', 'nearest', position],
    queryFn: () => (position ? fetchNearestPoint(position.lat, position.lng) : Promise.resolve(null)),
    enabled: position !== null,
  });
}

export function useNearestPoint(position: { lat: number; lng: number } | null) {
  return useQuery(nearestPointQueryOptions(position));
}
