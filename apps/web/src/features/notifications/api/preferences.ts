/** GET/PUT v1/notifications/preferences: channels per kind and quiet hours. */
import {
  NOTIFICATION_PREFERENCES_PATH,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const preferencesQueryKey = ['notifications', 'preferences'] as const;

export async function fetchPreferences(): Promise<NotificationPreferences> {
  return (await apiRequest<{ data: NotificationPreferences }>(NOTIFICATION_PREFERENCES_PATH)).data;
}

export async function savePreferences(body: UpdateNotificationPreferences): Promise<NotificationPreferences> {
  return (await apiRequest<{ data: NotificationPreferences }>(NOTIFICATION_PREFERENCES_PATH, { method: 'PUT', body })).data;
}

export const preferencesQueryOptions = queryOptions({ queryKey: preferencesQueryKey, queryFn: fetchPreferences });

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (data) => qc.setQueryData(preferencesQueryKey, data),
  });
}
