/** POST v1/requests/{id}/status: accept, schedule, reject, collect or cancel (409 when no longer possible). */
import { requestStatusPath } from '@puntoverde/contract';
import type { PickupRequestDetail, RequestStatusChange } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ChangeStatusInput = { id: number; body: RequestStatusChange };

export async function changeRequestStatus({ id, body }: ChangeStatusInput): Promise<PickupRequestDetail> {
  return (await apiRequest<{ data: PickupRequestDetail }>(requestStatusPath(id), { method: 'POST', body })).data;
}

export function useChangeRequestStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeRequestStatus,
    onSuccess: (updated) => {
      qc.setQueryData(['requests', 'detail', updated.id], updated);
      void qc.invalidateQueries({ queryKey: ['requests', 'list'] });
    },
    // A 409 means someone else changed it first: show the current state.
    onError: () => void qc.invalidateQueries({ queryKey: ['requests'] }),
  });
}
