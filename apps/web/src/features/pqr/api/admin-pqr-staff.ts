/** GET /back/api/v1/admin/pqr/staff — people a PQR can be assigned to. */
import { ADMIN_PQR_PATHS } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PqrStaff } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export async function fetchPqrStaff(): Promise<PqrStaff[]> {
  const res = await apiRequest<{ data: PqrStaff[] }>(ADMIN_PQR_PATHS.staff);
  return res.data;
}

export function pqrStaffQueryOptions() {
  return queryOptions({ queryKey: ['pqr', 'admin', 'staff'], queryFn: fetchPqrStaff, staleTime: 5 * 60_000 });
}

export function usePqrStaff() {
  return useQuery(pqrStaffQueryOptions());
}
