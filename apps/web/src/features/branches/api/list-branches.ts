/** GET v1/branches: the company head's branch offices. */
import { BRANCHES_PATH } from '@puntoverde/contract';
import type { Branch } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchBranches(signal?: AbortSignal): Promise<Branch[]> {
  return (await apiRequest<{ data: Branch[] }>(BRANCHES_PATH, { signal })).data;
}

export const branchesQueryOptions = queryOptions({
  queryKey: ['branches', 'list'],
  queryFn: ({ signal }) => fetchBranches(signal),
  staleTime: 30_000,
});

export function useBranches(enabled = true) {
  return useQuery({ ...branchesQueryOptions, enabled });
}
