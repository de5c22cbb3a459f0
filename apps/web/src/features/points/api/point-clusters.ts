/** GET v1/points/clusters: clusters and single points of one viewport at one zoom (clustered on the server). */
import { POINTS_PATHS } from '@puntoverde/contract';
import type { PointsClustersResponse } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { filterParams, type PointFilters } from './filters';

export type Viewport = { bbox: [number, number, number, number]; zoom: number };
export type ClustersData = PointsClustersResponse['data'];

/** Viewports are padded and rounded so small pans reuse the same (HTTP- and query-cached) answer. */
export function clustersPath(view: Viewport, filters: PointFilters): string {
  const p = filterParams(filters);
  p.set('bbox', view.bbox.map((n) => n.toFixed(3)).join(','));
  p.set('zoom', String(view.zoom));
  return `${POINTS_PATHS.clusters}?${p.toString()}`;
}

export async function fetchClusters(view: Viewport, filters: PointFilters, signal?: AbortSignal): Promise<ClustersData> {
  return (await apiRequest<PointsClustersResponse>(clustersPath(view, filters), { anonymous: true, signal })).data;
}

export function clustersQueryOptions(view: Viewport | null, filters: PointFilters) {
  return queryOptions({
    queryKey: ['points', 'clusters', view, filters],
    queryFn: ({ signal }) => fetchClusters(view as Viewport, filters, signal),
    enabled: view !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function usePointClusters(view: Viewport | null, filters: PointFilters) {
  return useQuery(clustersQueryOptions(view, filters));
}
