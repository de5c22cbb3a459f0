/** POST /v1/auth/social/ticket { ticket } → what the provider told us, to pre-fill the completion form. */
import { SOCIAL_AUTH_PATHS } from '@puntoverde/contract';
import type { SocialTicketInfo } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isNativePlatform } from '../../../lib/native/platform';
import { pendingNativeVerifier } from '../../../lib/native/social-sign-in';

export async function fetchSocialTicket(ticket: string): Promise<SocialTicketInfo> {
  const response = await apiRequest<{ data: SocialTicketInfo }>(SOCIAL_AUTH_PATHS.ticket, {
    // In the app the ticket came through the deep link: the verifier proves it (no cookie there).
    body: { ticket, ...nativeProof() },
    anonymous: true,
  });
  return response.data;
}

/** In the Android/iOS app, the PKCE verifier of the sign-in in flight; nothing on the web. */
export function nativeProof(): { code_verifier?: string } {
  const verifier = isNativePlatform() ? pendingNativeVerifier() : null;
  return verifier ? { code_verifier: verifier } : {};
}

export const socialTicketQuery = (ticket: string) =>
  queryOptions({
    queryKey: ['social-auth', 'ticket', ticket] as const,
    queryFn: () => fetchSocialTicket(ticket),
    // Reading does not spend the ticket; it only ends when it expires or the form is sent.
    staleTime: Infinity,
    retry: false,
  });

export function useSocialTicket(ticket: string | null) {
  return useQuery({ ...socialTicketQuery(ticket ?? ''), enabled: ticket !== null });
}
