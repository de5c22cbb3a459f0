/** POST clientes/forgotpassword { data_user: { email } } → the same answer whether or not the account exists. */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { ForgotPasswordResponse } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function forgotPassword(email: string): Promise<ForgotPasswordResponse['data']> {
  const response = await apiRequest<ForgotPasswordResponse>(IDENTITY_PATHS.forgotPassword, {
    body: { data_user: { email } },
    anonymous: true,
  });
  return response.data;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
