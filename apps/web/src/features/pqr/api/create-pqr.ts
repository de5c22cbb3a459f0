/** POST /back/api/v1/pqr — files a PQR and answers the radicado and due date. */
import { PQR_PATHS } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePqrRequest, PqrPublic } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';
import { myPqrsQueryKey } from './my-pqrs';

export const CREATE_PQR_PATH = PQR_PATHS.create;

/** `headers` carries the Idempotency-Key of a write that may be retried (lib/offline/queue-write.ts). */
export async function createPqr(body: CreatePqrRequest, headers?: Record<string, string>): Promise<PqrPublic> {
  const res = await apiRequest<{ data: PqrPublic }>(CREATE_PQR_PATH, { method: 'POST', body, headers });
  return res.data;
}

export function useCreatePqr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, headers }: { body: CreatePqrRequest; headers?: Record<string, string> }) =>
      createPqr(body, headers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myPqrsQueryKey }),
  });
}
