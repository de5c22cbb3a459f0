/** GET v1/me/sessions: the caller's open sessions (devices where the account is logged in). */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { SessionInfo } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const sessionsQueryKey = ['identity', 'sessions'] as const;

export async function fetchSessions(): Promise<SessionInfo[]> {
  const response = await apiRequest<{ data: SessionInfo[] }>(IDENTITY_PATHS.mySessions);
  return response.data;
}

export const sessionsQueryOptions = queryOptions({ queryKey: sessionsQueryKey, queryFn: fetchSessions, staleTime: 0 });

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
