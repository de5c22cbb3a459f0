/** GET v1/reports/{number}: one report with its public history. */
import { reportPath } from '@puntoverde/contract';
import type { Report } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function reportOptions(number: string) {
  return queryOptions({
    queryKey: ['reports', 'detail', number],
    queryFn: async ({ signal }) => (await apiRequest<{ data: Report }>(reportPath(number), { signal })).data,
  });
}

export function useReport(number: string) {
  return useQuery(reportOptions(number));
}
