/** POST v1/me/password { current_password, new_password }: other sessions end, this one goes on. */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { ChangePasswordRequest } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';

export interface ChangePasswordResult {
  changed: true;
  other_sessions_ended: number;
}

export async function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResult> {
  const response = await apiRequest<{ data: ChangePasswordResult }>(IDENTITY_PATHS.myPassword, { body });
  return response.data;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
