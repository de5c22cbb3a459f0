/** POST v1/auth/verify-email { token }: confirms the address from the e-mailed link. */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getCurrentUser, updateCurrentUser } from '../../../lib/session';
import { fetchMe } from './fetch-me';

export interface VerifyEmailResult {
  email: string;
  email_verified_at: string;
}

export async function verifyEmail(token: string): Promise<VerifyEmailResult> {
  const response = await apiRequest<{ data: VerifyEmailResult }>(IDENTITY_PATHS.verifyEmail, {
    body: { token },
    anonymous: true,
  });
  return response.data;
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (result) => {
      // The link may be opened in the browser where that account is logged in: drop the banner.
      if (getCurrentUser().email === result.email) {
        updateCurrentUser({ email_verified: true, email_verified_at: result.email_verified_at });
        // A GET /me sent at start-up may answer after this with the old state: read it again.
        fetchMe().catch(() => undefined);
      }
    },
  });
}
