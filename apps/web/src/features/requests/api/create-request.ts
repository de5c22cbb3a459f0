/** POST v1/requests: a new pickup request (201 with the request and its first timeline entry). */
import { REQUESTS_PATH } from '@puntoverde/contract';
import type { CreateRequestRequest, PickupRequestDetail } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const CREATE_REQUEST_PATH = REQUESTS_PATH;

/** `headers` carries the Idempotency-Key of a write that may be retried (lib/offline/queue-write.ts). */
export async function createRequest(body: CreateRequestRequest, headers?: Record<string, string>): Promise<PickupRequestDetail> {
  return (await apiRequest<{ data: PickupRequestDetail }>(CREATE_REQUEST_PATH, { method: 'POST', body, headers })).data;
}

export function useCreateRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, headers }: { body: CreateRequestRequest; headers?: Record<string, string> }) =>
      createRequest(body, headers),
    onSuccess: (created) => {
      qc.setQueryData(['requests', 'detail', created.id], created);
      void qc.invalidateQueries({ queryKey: ['requests', 'list'] });
    },
  });
}
