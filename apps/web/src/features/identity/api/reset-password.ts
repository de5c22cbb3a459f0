/** POST v1/auth/reset-password { token, password }: the link from the e-mail sets a new password. */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { ResetPasswordRequest } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ResetPasswordResult {
  reset: true;
  email: string;
}

export async function resetPassword(body: ResetPasswordRequest): Promise<ResetPasswordResult> {
  const response = await apiRequest<{ data: ResetPasswordResult }>(IDENTITY_PATHS.resetPassword, { body, anonymous: true });
  return response.data;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
