/** GET v1/reports/categories: the active report categories, in staff's order, with their names. */
import { REPORT_CATEGORIES_PATH } from '@puntoverde/contract';
import type { ReportCategoryView } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function reportCategoriesOptions() {
  return queryOptions({
    queryKey: ['reports', 'categories'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: ReportCategoryView[] }>(REPORT_CATEGORIES_PATH, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useReportCategories() {
  return useQuery(reportCategoriesOptions());
}
