/**
 * Back-office calls (`/back/api/v1/admin/...`, admins only). One small set of helpers serves
 * every resource: list with search and pagination, read, create, replace, delete.
 */
import { ADMIN_API_PATH } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export type ListParams = Record<string, string | number | boolean | undefined>;

function withQuery(path: string, params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const adminKey = (resource: string) => ['admin', resource] as const;

export async function adminGet<T>(path: string, params: ListParams = {}): Promise<T> {
  const response = await apiRequest<{ data: T }>(withQuery(`${ADMIN_API_PATH}/${path}`, params));
  return response.data;
}

export async function adminSend<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await apiRequest<{ data: T } | undefined>(`${ADMIN_API_PATH}/${path}`, { method, body });
  return response?.data as T;
}

export function adminListOptions<T>(resource: string, path: string, params: ListParams) {
  return queryOptions({
    queryKey: [...adminKey(resource), 'list', path, params],
    queryFn: () => adminGet<T>(path, params),
    placeholderData: keepPreviousData,
  });
}

export function useAdminList<T>(resource: string, path: string, params: ListParams = {}) {
  return useQuery(adminListOptions<T>(resource, path, params));
}

/** A write that refreshes every cached read of `resource` (and the audit log) when it succeeds. */
export function useAdminMutation<TResult, TVariables>(resource: string, write: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKey(resource) });
      await queryClient.invalidateQueries({ queryKey: adminKey('audit') });
    },
  });
}
