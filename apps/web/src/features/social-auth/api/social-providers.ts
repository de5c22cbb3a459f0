/** GET /v1/auth/social/providers: the enabled providers, for the "Continuar con …" buttons. */
import { SOCIAL_AUTH_PATHS } from '@puntoverde/contract';
import type { SocialProvider } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function fetchSocialProviders(): Promise<SocialProvider[]> {
  const response = await apiRequest<{ data: SocialProvider[] }>(SOCIAL_AUTH_PATHS.providers, { anonymous: true });
  return response.data;
}

export const socialProvidersQuery = () =>
  queryOptions({
    queryKey: ['social-auth', 'providers'] as const,
    queryFn: fetchSocialProviders,
    // Changes only with a server restart.
    staleTime: 10 * 60_000,
  });

export function useSocialProviders() {
  return useQuery(socialProvidersQuery());
}
