/** POST /back/api/v1/pqr/track/information — the requester sends the information staff asked for. */
import { PQR_PATHS } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PqrInformationRequest, PqrPublic } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export async function supplyInformation(body: PqrInformationRequest): Promise<PqrPublic> {
  const res = await apiRequest<{ data: PqrPublic }>(PQR_PATHS.trackInformation, { method: 'POST', body });
  return res.data;
}

export function useSupplyInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: supplyInformation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pqr'] }),
  });
}
