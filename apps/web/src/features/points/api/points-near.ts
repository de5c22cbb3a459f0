/** GET v1/points/near: nearest points first, with their distance (the list view). */
import { POINTS_PATHS } from '@puntoverde/contract';
import type { PointNear, PointsNearResponse } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { filterParams, type PointFilters } from './filters';

export type Origin = { lat: number; lng: number };

export async function fetchPointsNear(origin: Origin, filters: PointFilters, limit: number, signal?: AbortSignal): Promise<PointNear[]> {
  const p = filterParams(filters);
  p.set('lat', origin.lat.toFixed(5));
  p.set('lng', origin.lng.toFixed(5));
  p.set('limit', String(limit));
  return (await apiRequest<PointsNearResponse>(`${POINTS_PATHS.near}?${p.toString()}`, { anonymous: true, signal })).data;
}

export function pointsNearQueryOptions(origin: Origin | null, filters: PointFilters, limit = 20) {
  const rounded = origin ? { lat: Number(origin.lat.toFixed(4)), lng: Number(origin.lng.toFixed(4)) } : null;
  return queryOptions({
    queryKey: ['points', 'near', rounded, filters, limit],
    queryFn: ({ signal }) => fetchPointsNear(rounded as Origin, filters, limit, signal),
    enabled: rounded !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function usePointsNear(origin: Origin | null, filters: PointFilters, limit = 20) {
  return useQuery(pointsNearQueryOptions(origin, filters, limit));
}
