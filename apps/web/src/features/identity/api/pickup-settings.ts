/** GET / PUT v1/admin/settings/pickups (staff): whether pickups require a verified phone. */
import { PHONE_PATHS } from '@puntoverde/contract';
import type { PickupSettings } from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const pickupSettingsKey = ['identity', 'pickup-settings'] as const;

export function pickupSettingsQueryOptions() {
  return queryOptions({
    queryKey: pickupSettingsKey,
    queryFn: async () => (await apiRequest<{ data: PickupSettings }>(PHONE_PATHS.pickupSettings)).data,
  });
}

export function usePickupSettings() {
  return useQuery(pickupSettingsQueryOptions());
}

export function useSavePickupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PickupSettings) =>
      (await apiRequest<{ data: PickupSettings }>(PHONE_PATHS.pickupSettings, { method: 'PUT', body })).data,
    onSuccess: (saved) => queryClient.setQueryData(pickupSettingsKey, saved),
  });
}
