/** GET /back/api/v1/pqr/mine — the logged-in user's PQRs. */
import { PQR_PATHS } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PqrPublic } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export const myPqrsQueryKey = ['pqr', 'mine'] as const;

export async function fetchMyPqrs(): Promise<PqrPublic[]> {
  const res = await apiRequest<{ data: PqrPublic[] }>(PQR_PATHS.mine);
  return res.data;
}

export function myPqrsQueryOptions() {
  return queryOptions({ queryKey: myPqrsQueryKey, queryFn: fetchMyPqrs, staleTime: 60_000 });
}

export function useMyPqrs(enabled: boolean) {
  return useQuery({ ...myPqrsQueryOptions(), enabled });
}
