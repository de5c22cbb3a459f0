/** GET v1/me/devices: notification devices linked to the caller. */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { DeviceInfo } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const devicesQueryKey = ['identity', 'devices'] as const;

export async function fetchDevices(): Promise<DeviceInfo[]> {
  const response = await apiRequest<{ data: DeviceInfo[] }>(IDENTITY_PATHS.myDevices);
  return response.data;
}

export const devicesQueryOptions = queryOptions({ queryKey: devicesQueryKey, queryFn: fetchDevices, staleTime: 0 });

export function useDevices() {
  return useQuery(devicesQueryOptions);
}
