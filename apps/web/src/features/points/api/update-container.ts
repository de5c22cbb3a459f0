/** PATCH v1/points/{id}/containers/{containerId}: fill level and/or status. */
import { containerPath } from '@puntoverde/contract';
import type { Container, UpdateContainerRequest } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type UpdateContainerInput = { pointId: number; containerId: number; body: UpdateContainerRequest };

export async function updateContainer({ pointId, containerId, body }: UpdateContainerInput): Promise<Container> {
  return (
    await apiRequest<{ data: Container }>(containerPath(pointId, containerId), { method: 'PATCH', body })
  ).data;
}

export function useUpdateContainer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateContainer,
    onSuccess: (_data, input) => {
      void qc.invalidateQueries({ queryKey: ['points', 'mine'] });
      void qc.invalidateQueries({ queryKey: ['points', 'detail', input.pointId] });
      void qc.invalidateQueries({ queryKey: ['points', 'readings', input.containerId] });
    },
  });
}
