/** POST v1/requests: a new pickup request (201 with the request and its first timeline entry). */
import type { CreateRequestRequest, PickupRequestDetail } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function createRequest(body: CreateRequestRequest): Promise<PickupRequestDetail> {
  return (await apiRequest<{ data: PickupRequestDetail }>('v1/requests', { method: 'POST', body })).data;
}

export function useCreateRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: (created) => {
      qc.setQueryData(['requests', 'detail', created.id], created);
      void qc.invalidateQueries({ queryKey: ['requests', 'list'] });
    },
  });
}
