/** GET/PUT/DELETE /back/api/v1/admin/pqr-calendar — extra non-working days and working exceptions. */
import { ADMIN_PQR_CALENDAR_PATH, adminPqrCalendarDayPath } from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PqrCalendarDay } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export type CalendarEntry = PqrCalendarDay & { created_at: string; created_by: string | null };
const calendarKey = ['pqr', 'admin', 'calendar'] as const;

export async function fetchPqrCalendar(): Promise<CalendarEntry[]> {
  return (await apiRequest<{ data: CalendarEntry[] }>(ADMIN_PQR_CALENDAR_PATH)).data;
}

export function pqrCalendarQueryOptions() {
  return queryOptions({ queryKey: calendarKey, queryFn: fetchPqrCalendar });
}

export function usePqrCalendar() {
  return useQuery(pqrCalendarQueryOptions());
}

export function useSetCalendarDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (day: PqrCalendarDay) =>
      (await apiRequest<{ data: CalendarEntry[] }>(ADMIN_PQR_CALENDAR_PATH, { method: 'PUT', body: day })).data,
    onSuccess: (list) => queryClient.setQueryData(calendarKey, list),
  });
}

export function useRemoveCalendarDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (date: string) =>
      (await apiRequest<{ data: CalendarEntry[] }>(adminPqrCalendarDayPath(date), { method: 'DELETE' })).data,
    onSuccess: (list) => queryClient.setQueryData(calendarKey, list),
  });
}
