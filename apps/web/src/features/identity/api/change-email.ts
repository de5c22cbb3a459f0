/** POST v1/me/email { email, current_password }: a new login e-mail, to be confirmed again. */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { ChangeEmailRequest, Me } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updateCurrentUser } from '../../../lib/session';
import { meQueryKey } from './me';

export async function changeEmail(body: ChangeEmailRequest): Promise<Me> {
  const response = await apiRequest<{ data: Me }>(IDENTITY_PATHS.myEmail, { body });
  return response.data;
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (me) => {
      updateCurrentUser(me);
      queryClient.setQueryData([...meQueryKey, me.id], me);
    },
  });
}
