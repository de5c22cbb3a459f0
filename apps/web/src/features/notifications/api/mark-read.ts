/** POST v1/notifications/{id}/read and POST v1/notifications/read-all. */
import { NOTIFICATIONS_PATH, type Notification } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function markRead(id: number): Promise<Notification> {
  const response = await apiRequest<{ data: Notification }>(`${NOTIFICATIONS_PATH}/${id}/read`, { method: 'POST' });
  return response.data;
}

export async function markAllRead(): Promise<number> {
  const response = await apiRequest<{ data: { updated: number } }>(`${NOTIFICATIONS_PATH}/read-all`, { method: 'POST' });
  return response.data.updated;
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markRead, onSettled: () => qc.invalidateQueries({ queryKey: ['notifications'] }) });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markAllRead, onSettled: () => qc.invalidateQueries({ queryKey: ['notifications'] }) });
}
