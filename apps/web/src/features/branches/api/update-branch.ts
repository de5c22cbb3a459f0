/** PATCH v1/branches/{id}: edit, deactivate (`active: false`) or reactivate (`active: true`). */
import { branchPath } from '@puntoverde/contract';
import type { Branch, UpdateBranchRequest } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type UpdateBranchInput = { id: number; body: UpdateBranchRequest };

export async function updateBranch({ id, body }: UpdateBranchInput): Promise<Branch> {
  return (await apiRequest<{ data: Branch }>(branchPath(id), { method: 'PATCH', body })).data;
}

export function useUpdateBranch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateBranch,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['branches'] }),
  });
}
