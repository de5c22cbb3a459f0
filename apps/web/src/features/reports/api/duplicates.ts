/** GET v1/reports/duplicates: open reports of the same category within 50 m. */
import { REPORT_DUPLICATES_PATH } from '@puntoverde/contract';
import type { ReportDuplicate } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function duplicatesOptions(q: { category: string; lat: number; lng: number }) {
  return queryOptions({
    queryKey: ['reports', 'duplicates', q],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: ReportDuplicate[] }>(
          `${REPORT_DUPLICATES_PATH}?category=${encodeURIComponent(q.category)}&lat=${q.lat}&lng=${q.lng}`,
          { signal },
        )
      ).data,
    staleTime: 30_000,
  });
}

export function useDuplicates(q: { category: string; lat: number; lng: number } | null) {
  return useQuery({
    ...duplicatesOptions({ category: (q?.category || 'otro'), lat: q?.lat ?? 0, lng: q?.lng ?? 0 }),
    enabled: !!q && !!q.category,
  });
}
