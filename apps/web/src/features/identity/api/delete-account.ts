/** DELETE v1/me { password | confirm }: deletes the caller's account (what the law obliges to keep stays, anonymised). */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { DeleteAccountRequest } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await apiRequest(IDENTITY_PATHS.me, { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
