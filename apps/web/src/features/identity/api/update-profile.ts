/** PATCH v1/me: edits the caller's own profile fields. */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { Me, UpdateProfileRequest } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updateCurrentUser } from '../../../lib/session';
import { meQueryKey } from './me';

export async function updateProfile(body: UpdateProfileRequest): Promise<Me> {
  const response = await apiRequest<{ data: Me }>(IDENTITY_PATHS.me, { method: 'PATCH', body });
  return response.data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => {
      updateCurrentUser(me);
      queryClient.setQueryData([...meQueryKey, me.id], me);
    },
  });
}
