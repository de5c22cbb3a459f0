/**
 * POST /v1/auth/social/session { code } → { data: user }, stored like a clientes/login answer.
 * In the Android/iOS app the code came through the deep link: POST native/session with the
 * PKCE verifier the app kept (RFC 8252).
 */
import { SESSION_EVENTS, SOCIAL_AUTH_PATHS } from '@puntoverde/contract';
import type { SessionUser, SocialSessionRequest } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isNativePlatform } from '../../../lib/native/platform';
import { forgetNativeVerifier, pendingNativeVerifier } from '../../../lib/native/social-sign-in';
import { saveSession } from '../../../lib/session';
import { markSocialSessionStarted } from '../social-session';

export async function exchangeSocialLoginCode(body: SocialSessionRequest): Promise<SessionUser> {
  const verifier = isNativePlatform() ? pendingNativeVerifier() : null;
  if (!verifier) {
    return (await apiRequest<{ data: SessionUser }>(SOCIAL_AUTH_PATHS.session, { body, anonymous: true })).data;
  }
  const response = await apiRequest<{ data: SessionUser }>(SOCIAL_AUTH_PATHS.nativeSession, {
    body: { ...body, code_verifier: verifier },
    anonymous: true,
  });
  forgetNativeVerifier();
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
