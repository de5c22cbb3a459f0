/** POST v1/branches/{id}/invitation: a new invitation link (the previous one stops working). */
import { branchInvitationPath } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function resendInvitation(id: number): Promise<{ sent: true; expires_at: string }> {
  return (await apiRequest<{ data: { sent: true; expires_at: string } }>(branchInvitationPath(id), { method: 'POST' })).data;
}

export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['branches'] }),
  });
}
