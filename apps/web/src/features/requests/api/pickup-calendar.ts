/** GET v1/requests/calendar: the bookable days (no Sundays, no Colombian holidays) and their windows. */
import { REQUESTS_PATHS } from '@puntoverde/contract';
import type { PickupDay } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchPickupCalendar(signal?: AbortSignal): Promise<PickupDay[]> {
  return (await apiRequest<{ data: PickupDay[] }>(REQUESTS_PATHS.calendar, { anonymous: true, signal })).data;
}

export const pickupCalendarQueryOptions = queryOptions({
  queryKey: ['requests', 'calendar'],
  queryFn: ({ signal }) => fetchPickupCalendar(signal),
  staleTime: 10 * 60_000,
});

export function usePickupCalendar() {
  return useQuery(pickupCalendarQueryOptions);
}
