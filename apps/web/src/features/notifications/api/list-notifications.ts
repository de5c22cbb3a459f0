/** POST get-notifications-by-user {data}: my notifications, newest first, with the unread count (spec §7). */
import { GET_NOTIFICATIONS_BY_USER_PATH, type NotificationList } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const NOTIFICATIONS_PAGE_SIZE = 30;
/** The bell's count stays fresh without a live stream too (another device read them). */
const REFRESH_MS = 60_000;

export const notificationsQueryKey = ['notifications', 'list'] as const;

export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationList> {
  const response = await apiRequest<{ data: NotificationList }>(GET_NOTIFICATIONS_BY_USER_PATH, {
    method: 'POST',
    body: { data: { page: 1, page_size: NOTIFICATIONS_PAGE_SIZE } },
    ...(signal ? { signal } : {}),
  });
  return response.data;
}

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKey,
  queryFn: ({ signal }) => fetchNotifications(signal),
  refetchInterval: REFRESH_MS,
  staleTime: 10_000,
});

export function useNotifications(enabled = true) {
  return useQuery({ ...notificationsQueryOptions, enabled });
}
