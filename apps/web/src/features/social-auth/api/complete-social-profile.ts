/** POST /v1/auth/social/complete { ticket, data_user } → 201 { data: user }: the account of a first social sign-in. */
import { SESSION_EVENTS, SOCIAL_AUTH_PATHS } from '@puntoverde/contract';
import type { CompleteSocialData, SessionUser } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { forgetNativeVerifier } from '../../../lib/native/social-sign-in';
import { nativeProof } from './social-ticket';
import { saveSession } from '../../../lib/session';
import { markSocialSessionStarted } from '../social-session';

export async function completeSocialProfile(input: { ticket: string; data_user: CompleteSocialData }): Promise<SessionUser> {
  const response = await apiRequest<{ data: SessionUser }>(SOCIAL_AUTH_PATHS.complete, {
    body: { ...input, ...nativeProof() },
    anonymous: true,
  });
  forgetNativeVerifier();
  return response.data;
}

/** Creates the account and logs in with it: stored whole, event user:signup (spec §4). */
export function useCompleteSocialProfile() {
  return useMutation({
    mutationFn: completeSocialProfile,
    onSuccess: (user) => {
      markSocialSessionStarted();
      saveSession(user, SESSION_EVENTS.signup);
    },
  });
}
