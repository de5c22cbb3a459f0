/** GET v1/points/{id}/containers/{containerId}/readings: fill updates and emptyings, newest first. */
import { containerReadingsPath } from '@puntoverde/contract';
import type { ContainerReading } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchReadings(pointId: number, containerId: number): Promise<ContainerReading[]> {
  return (
    await apiRequest<{ data: ContainerReading[] }>(`${containerReadingsPath(pointId, containerId)}?limit=20`)
  ).data;
}

export function readingsQueryOptions(pointId: number, containerId: number) {
  return queryOptions({
    queryKey: ['points', 'readings', containerId],
    queryFn: () => fetchReadings(pointId, containerId),
  });
}

export function useContainerReadings(pointId: number, containerId: number, enabled: boolean) {
  return useQuery({ ...readingsQueryOptions(pointId, containerId), enabled });
}
