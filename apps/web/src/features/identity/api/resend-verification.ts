/** POST v1/auth/verify-email/resend (logged in, no body): e-mails a new confirmation link. */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

// A literal path: the e-mail banner shows on every page; the contract's schemas stay out of it.
export const RESEND_VERIFICATION_PATH = IDENTITY_PATHS.resendVerification;

export interface ResendVerificationResult {
  /** False when the address was confirmed meanwhile. */
  sent: boolean;
  email: string;
}

export async function resendVerification(): Promise<ResendVerificationResult> {
  const response = await apiRequest<{ data: ResendVerificationResult }>(RESEND_VERIFICATION_PATH, { method: 'POST' });
  return response.data;
}
