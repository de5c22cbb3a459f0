/** POST /v1/auth/social/session { code } → { data: user }, stored like a clientes/login answer. */
import { SESSION_EVENTS, SOCIAL_AUTH_PATHS } from '@puntoverde/contract';
import type { SessionUser, SocialSessionRequest } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';
import { markSocialSessionStarted } from '../social-session';

export async function exchangeSocialLoginCode(body: SocialSessionRequest): Promise<SessionUser> {
  const response = await apiRequest<{ data: SessionUser }>(SOCIAL_AUTH_PATHS.session, { body, anonymous: true });
  return response.data;
}

/** Exchanges the one-time code and logs in: stored whole, event user:login (spec §4). */
export function useExchangeSocialLoginCode() {
  return useMutation({
    mutationFn: exchangeSocialLoginCode,
    onSuccess: (user) => {
      markSocialSessionStarted();
      saveSession(user, SESSION_EVENTS.login);
    },
  });
}
