/** DELETE v1/me/devices/:id: unlinks a notification device. */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devicesQueryKey } from './list-devices';

export async function removeDevice(id: number): Promise<void> {
  await apiRequest(`${IDENTITY_PATHS.myDevices}/${id}`, { method: 'DELETE' });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
