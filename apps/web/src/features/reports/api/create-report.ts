/** POST v1/reports: files an incident report (201 with its public number). */
import { REPORTS_PATH } from '@puntoverde/contract';
import type { CreateReportRequest, Report } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const CREATE_REPORT_PATH = REPORTS_PATH;

/** `headers` carries the Idempotency-Key of a write that may be retried (lib/offline/queue-write.ts). */
export async function createReport(body: CreateReportRequest, headers?: Record<string, string>): Promise<Report> {
  return (await apiRequest<{ data: Report }>(CREATE_REPORT_PATH, { method: 'POST', body, headers })).data;
}

export function useCreateReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, headers }: { body: CreateReportRequest; headers?: Record<string, string> }) => createReport(body, headers),
    onSuccess: (created) => {
      qc.setQueryData(['reports', 'detail', created.number], created);
      void qc.invalidateQueries({ queryKey: ['reports', 'list'] });
    },
  });
}
