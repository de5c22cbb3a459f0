/** GET v1/requests/suggested-points: the nearest active points that take every material (first = suggested). */
import { REQUESTS_PATHS } from '@puntoverde/contract';
import type { SuggestedPoint } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SuggestInput = { lat: number; lng: number; materials: string[] };

export async function fetchSuggestedPoints(q: SuggestInput, signal?: AbortSignal): Promise<SuggestedPoint[]> {
  const p = new URLSearchParams({ lat: q.lat.toFixed(5), lng: q.lng.toFixed(5), materials: q.materials.join(',') });
  return (await apiRequest<{ data: SuggestedPoint[] }>(`${REQUESTS_PATHS.suggestedPoints}?${p.toString()}`, { signal })).data;
}

export function suggestedPointsQueryOptions(q: SuggestInput | null) {
  const key = q ? { lat: Number(q.lat.toFixed(4)), lng: Number(q.lng.toFixed(4)), materials: [...q.materials].sort() } : null;
  return queryOptions({
    queryKey: ['requests', 'suggested-points', key],
    queryFn: ({ signal }) => fetchSuggestedPoints(q!, signal),
    enabled: q !== null && q.materials.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useSuggestedPoints(q: SuggestInput | null) {
  return useQuery(suggestedPointsQueryOptions(q));
}
