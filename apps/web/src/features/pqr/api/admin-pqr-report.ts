/** GET /back/api/v1/admin/pqr/report (JSON) and report.csv (download). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PqrReport } from '@puntoverde/contract';
import { ApiError, apiUrl } from '../../../lib/api-client';
import { apiRequest } from '../../../lib/api-client';
import { getCurrentUser } from '../../../lib/session';

export async function fetchPqrReport(month: string): Promise<PqrReport> {
  const res = await apiRequest<{ data: PqrReport }>(`v1/admin/pqr/report?month=${encodeURIComponent(month)}`);
  return res.data;
}

export function pqrReportQueryOptions(month: string) {
  return queryOptions({ queryKey: ['pqr', 'admin', 'report', month], queryFn: () => fetchPqrReport(month) });
}

export function usePqrReport(month: string) {
  return useQuery(pqrReportQueryOptions(month));
}

/** The CSV needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadPqrReportCsv(month: string): Promise<void> {
  const token = getCurrentUser().token;
  const res = await fetch(apiUrl(`v1/admin/pqr/report.csv?month=${encodeURIComponent(month)}`), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new ApiError('internal-error', res.status, res.statusText);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `pqr-${month}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
