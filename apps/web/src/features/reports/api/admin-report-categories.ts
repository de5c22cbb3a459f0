/** Back office: every report category (active or not); create, edit (rename, disable) and order. */
import {
  ADMIN_REPORT_CATEGORIES_PATH,
  type ReportCategoryCreate,
  type ReportCategoryUpdate,
  type ReportCategoryView,
} from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const PATH = ADMIN_REPORT_CATEGORIES_PATH;

export function adminReportCategoriesOptions() {
  return queryOptions({
    queryKey: ['reports', 'admin-categories'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: ReportCategoryView[] }>(PATH, { signal })).data,
  });
}

export function useAdminReportCategories() {
  return useQuery(adminReportCategoriesOptions());
}

/** Every change refreshes the staff list and the public one (the report form, filters). */
function useCategoryMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['reports', 'admin-categories'] });
      void qc.invalidateQueries({ queryKey: ['reports', 'categories'] });
    },
  });
}

export function useCreateReportCategory() {
  return useCategoryMutation((body: ReportCategoryCreate) => apiRequest<{ data: ReportCategoryView }>(PATH, { method: 'POST', body }));
}

export function useUpdateReportCategory() {
  return useCategoryMutation(({ code, body }: { code: string; body: ReportCategoryUpdate }) =>
    apiRequest<{ data: ReportCategoryView }>(`${PATH}/${encodeURIComponent(code)}`, { method: 'PUT', body }),
  );
}

export function useOrderReportCategories() {
  return useCategoryMutation((codes: string[]) => apiRequest<{ data: ReportCategoryView[] }>(`${PATH}/order`, { method: 'POST', body: { codes } }));
}
