/** POST /back/api/v1/pqr — files a PQR and answers the radicado and due date. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePqrRequest, PqrPublic } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';
import { myPqrsQueryKey } from './my-pqrs';

export async function createPqr(body: CreatePqrRequest): Promise<PqrPublic> {
  const res = await apiRequest<{ data: PqrPublic }>('v1/pqr', { method: 'POST', body });
  return res.data;
}

export function useCreatePqr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPqr,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myPqrsQueryKey }),
  });
}
