/** POST /back/api/v1/pqr/track/information — the requester sends the information staff asked for. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PqrInformationRequest, PqrPublic } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export async function supplyInformation(body: PqrInformationRequest): Promise<PqrPublic> {
  const res = await apiRequest<{ data: PqrPublic }>('v1/pqr/track/information', { method: 'POST', body });
  return res.data;
}

export function useSupplyInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: supplyInformation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pqr'] }),
  });
}
