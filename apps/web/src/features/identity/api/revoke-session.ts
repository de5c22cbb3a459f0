/** DELETE v1/me/sessions/:id: ends one of the caller's sessions at once. */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';

export async function revokeSession(id: string): Promise<void> {
  await apiRequest(`${IDENTITY_PATHS.mySessions}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
