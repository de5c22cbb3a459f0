/** GET /back/api/v1/admin/pqr/report (JSON) and report.csv (download). */
import { ADMIN_PQR_PATHS } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PqrReport } from '@puntoverde/contract';
import { apiDownload, apiRequest } from '../../../lib/api-client';

export async function fetchPqrReport(month: string): Promise<PqrReport> {
  const res = await apiRequest<{ data: PqrReport }>(`${ADMIN_PQR_PATHS.report}?month=${encodeURIComponent(month)}`);
  return res.data;
}

export function pqrReportQueryOptions(month: string) {
  return queryOptions({ queryKey: ['pqr', 'admin', 'report', month], queryFn: () => fetchPqrReport(month) });
}

export function usePqrReport(month: string) {
  return useQuery(pqrReportQueryOptions(month));
}

/** The CSV needs the bearer token, so it is fetched and handed to the browser as a file. */
export function downloadPqrReportCsv(month: string): Promise<void> {
  return apiDownload(`${ADMIN_PQR_PATHS.reportCsv}?month=${encodeURIComponent(month)}`, `pqr-${month}.csv`);
}
