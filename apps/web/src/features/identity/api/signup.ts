/** POST clientes/registro { data_user } → 201 { data: user } (spec §7). */
import { IDENTITY_PATHS, SESSION_EVENTS } from '@puntoverde/contract';
import type { SessionUser, SignupData } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';

export async function signup(dataUser: SignupData): Promise<SessionUser> {
  const response = await apiRequest<{ data: SessionUser }>(IDENTITY_PATHS.register, {
    body: { data_user: dataUser },
    anonymous: true,
  });
  return response.data;
}

/** Creates the account and logs in with it: stored whole, event user:signup (spec §4). */
export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => saveSession(user, SESSION_EVENTS.signup),
  });
}
