/** Reporter and citizen actions on one report: follow, unfollow, reopen, answer "¿Se resolvió?". */
import { reportPath } from '@puntoverde/contract';
import type { Report, ReportFollowUpRequest } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const base = reportPath;

export type ReportAction =
  | { kind: 'follow' }
  | { kind: 'unfollow' }
  | { kind: 'reopen'; note: string }
  | ({ kind: 'follow-up' } & ReportFollowUpRequest);

export async function runReportAction(number: string, action: ReportAction): Promise<Report> {
  switch (action.kind) {
    case 'follow':
      return (await apiRequest<{ data: Report }>(`${base(number)}/follow`, { method: 'POST' })).data;
    case 'unfollow':
      return (await apiRequest<{ data: Report }>(`${base(number)}/follow`, { method: 'DELETE' })).data;
    case 'reopen':
      return (await apiRequest<{ data: Report }>(`${base(number)}/reopen`, { method: 'POST', body: { note: action.note } })).data;
    case 'follow-up': {
      const { kind: _kind, ...body } = action;
      return (
        await apiRequest<{ data: Report }>(`${base(number)}/follow-up`, {
          method: 'POST',
          body,
          ...(body.token ? { anonymous: true } : {}),
        })
      ).data;
    }
  }
}

export function useReportAction(number: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: ReportAction) => runReportAction(number, action),
    onSuccess: (report) => {
      qc.setQueryData(['reports', 'detail', report.number], report);
      void qc.invalidateQueries({ queryKey: ['reports', 'list'] });
    },
  });
}
