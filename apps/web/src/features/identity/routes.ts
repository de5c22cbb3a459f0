/** Web paths of the identity screens (spec §2 plus the e-mail landing and the policy page). */
export const LOGIN_PATH = '/auth/login';
export const SIGNUP_PATH = '/auth/signup';
export const SIGNUP_CLIENT_PATH = '/auth/signup-client';
export const SIGNUP_COMPANY_PATH = '/auth/signup-company';
export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';
export const VERIFY_EMAIL_PATH = '/auth/verify-email';
export const DATA_POLICY_PATH = '/data-policy';
export const HOME_AFTER_LOGIN_PATH = '/index';

export function profilePath(userId: number): string {
  return `/auth/profile/${userId}`;
}

/** Only same-app paths are followed after login (no `//evil.example`, no `https:`). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith('/auth/login') || next.startsWith('/auth/signup')) return null;
  return next;
}
