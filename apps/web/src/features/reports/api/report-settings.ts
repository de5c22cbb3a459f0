/** GET / PUT v1/admin/settings/reports (staff): how far a report without a point may be from a point to go to it. */
import { REPORT_SETTINGS_PATH, type ReportSettings } from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const reportSettingsKey = ['reports', 'settings'] as const;

export function reportSettingsOptions() {
  return queryOptions({
    queryKey: reportSettingsKey,
    queryFn: async () => (await apiRequest<{ data: ReportSettings }>(REPORT_SETTINGS_PATH)).data,
  });
}

export function useReportSettings() {
  return useQuery(reportSettingsOptions());
}

export function useSaveReportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportSettings) =>
      (await apiRequest<{ data: ReportSettings }>(REPORT_SETTINGS_PATH, { method: 'PUT', body })).data,
    onSuccess: (saved) => queryClient.setQueryData(reportSettingsKey, saved),
  });
}
