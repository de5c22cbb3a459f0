/** POST v1/branches: a new branch (a tc_id 3 user of this company), invited by e-mail. */
import { BRANCHES_PATH } from '@puntoverde/contract';
import type { Branch, CreateBranchRequest } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function createBranch(body: CreateBranchRequest): Promise<Branch> {
  return (await apiRequest<{ data: Branch }>(BRANCHES_PATH, { method: 'POST', body })).data;
}

export function useCreateBranch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBranch,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['branches'] }),
  });
}
