/** POST v1/reports: files an incident report (201 with its public number). */
import type { CreateReportRequest, Report } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function createReport(body: CreateReportRequest, idempotencyKey?: string): Promise<Report> {
  return (
    await apiRequest<{ data: Report }>('v1/reports', {
      method: 'POST',
      body,
      ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
    })
  ).data;
}

export function useCreateReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateReportRequest; idempotencyKey?: string }) => createReport(body, idempotencyKey),
    onSuccess: (created) => {
      qc.setQueryData(['reports', 'detail', created.number], created);
      void qc.invalidateQueries({ queryKey: ['reports', 'list'] });
    },
  });
}
