/** GET /back/api/v1/pqr/track — a PQR by radicado and e-mail (the same 404 if either is wrong). */
import { PQR_PATHS } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PqrPublic } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export type TrackQuery = { radicado: string; email: string };

export async function trackPqr({ radicado, email }: TrackQuery): Promise<PqrPublic> {
  const params = new URLSearchParams({ radicado: radicado.trim().toUpperCase(), email: email.trim().toLowerCase() });
  const res = await apiRequest<{ data: PqrPublic }>(`${PQR_PATHS.track}?${params.toString()}`);
  return res.data;
}

export function trackPqrQueryOptions(query: TrackQuery) {
  return queryOptions({
    queryKey: ['pqr', 'track', query.radicado.trim().toUpperCase(), query.email.trim().toLowerCase()],
    queryFn: () => trackPqr(query),
    // Signed attachment links last an hour; refresh well before.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Runs only once the person asked (query not null). */
export function useTrackPqr(query: TrackQuery | null) {
  return useQuery({ ...trackPqrQueryOptions(query ?? { radicado: '', email: '' }), enabled: query !== null });
}
