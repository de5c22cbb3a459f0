/** POST v1/points/{id}/containers/{containerId}/emptyings: kg taken away, level back to 0. */
import { containerEmptyingsPath } from '@puntoverde/contract';
import type { Container, EmptyingRequest } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RecordEmptyingInput = { pointId: number; containerId: number; body: EmptyingRequest };

export async function recordEmptying({ pointId, containerId, body }: RecordEmptyingInput): Promise<Container> {
  return (
    await apiRequest<{ data: Container }>(containerEmptyingsPath(pointId, containerId), {
      method: 'POST',
      body,
    })
  ).data;
}

export function useRecordEmptying() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: recordEmptying,
    onSuccess: (_data, input) => {
      void qc.invalidateQueries({ queryKey: ['points', 'mine'] });
      void qc.invalidateQueries({ queryKey: ['points', 'detail', input.pointId] });
      void qc.invalidateQueries({ queryKey: ['points', 'readings', input.containerId] });
    },
  });
}
