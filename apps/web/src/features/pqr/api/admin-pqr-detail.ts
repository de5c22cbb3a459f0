/** GET /back/api/v1/admin/pqr/:radicado — full detail with internal notes. */
import { adminPqrPath } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPqrDetail } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export function adminPqrQueryKey(radicado: string) {
  return ['pqr', 'admin', 'detail', radicado] as const;
}

export async function fetchAdminPqr(radicado: string): Promise<AdminPqrDetail> {
  const res = await apiRequest<{ data: AdminPqrDetail }>(adminPqrPath(radicado));
  return res.data;
}

export function adminPqrQueryOptions(radicado: string) {
  return queryOptions({
    queryKey: adminPqrQueryKey(radicado),
    queryFn: () => fetchAdminPqr(radicado),
    staleTime: 15_000,
  });
}

export function useAdminPqr(radicado: string) {
  return useQuery(adminPqrQueryOptions(radicado));
}
