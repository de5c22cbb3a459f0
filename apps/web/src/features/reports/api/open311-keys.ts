/** Back office: the Open311 API keys staff issue to city systems and civic apps, and revoke. */
import { OPEN311_KEYS_PATH, type Open311Key } from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function open311KeysOptions() {
  return queryOptions({
    queryKey: ['reports', 'open311-keys'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: Open311Key[] }>(OPEN311_KEYS_PATH, { signal })).data,
  });
}

export function useOpen311Keys() {
  return useQuery(open311KeysOptions());
}

export function useCreateOpen311Key() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (await apiRequest<{ data: Open311Key & { api_key: string } }>(OPEN311_KEYS_PATH, { method: 'POST', body: { name } })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['reports', 'open311-keys'] }),
  });
}

export function useRevokeOpen311Key() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiRequest<{ data: Open311Key }>(`${OPEN311_KEYS_PATH}/${id}`, { method: 'DELETE' })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['reports', 'open311-keys'] }),
  });
}
