import { isStaff } from '../../lib/session';
/** Web paths of the identity screens (spec §2 plus the e-mail landing and the policy page). */
export const LOGIN_PATH = '/auth/login';
export const SIGNUP_PATH = '/auth/signup';
export const SIGNUP_CLIENT_PATH = '/auth/signup-client';
export const SIGNUP_COMPANY_PATH = '/auth/signup-company';
export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';
export const VERIFY_EMAIL_PATH = '/auth/verify-email';
export const DATA_POLICY_PATH = '/data-policy';
export const HOME_AFTER_LOGIN_PATH = '/index';
/** Where staff land after login: the back office (DESIGN.md §7). */
export const STAFF_HOME_PATH = '/admin';

/** The start page after login or sign-up: the back office for staff, else the landing page. */
export function homeAfterLogin(user: { tc_id: number; is_admin?: unknown }): string {
  return isStaff(user) ? STAFF_HOME_PATH : HOME_AFTER_LOGIN_PATH;
}

export function profilePath(userId: number): string {
  return `/auth/profile/${userId}`;
}

/** Only same-app paths are followed after login (no `//evil.example`, no `https:`). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith('/auth/login') || next.startsWith('/auth/signup')) return null;
  return next;
}
