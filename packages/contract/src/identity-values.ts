/**
 * Identity's paths, web routes and constants, apart from its zod schemas (identity.ts): the web
 * app's login, sign-up and session code import these without loading zod at a page's start.
 */

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

export const IDENTITY_PATHS = {
  register: '/back/api/clientes/registro',
  login: '/back/api/clientes/login',
  forgotPassword: '/back/api/clientes/forgotpassword',
  customer: '/back/api/clientes/lista',
  refresh: '/back/api/v1/auth/refresh',
  logout: '/back/api/v1/auth/logout',
  resetPassword: '/back/api/v1/auth/reset-password',
  verifyEmail: '/back/api/v1/auth/verify-email',
  resendVerification: '/back/api/v1/auth/verify-email/resend',
  me: '/back/api/v1/me',
  myEmail: '/back/api/v1/me/email',
  myPassword: '/back/api/v1/me/password',
  mySessions: '/back/api/v1/me/sessions',
  myDevices: '/back/api/v1/me/devices',
  myExport: '/back/api/v1/me/export',
} as const;

/** Web routes the e-mailed links open (the web app reads `?token=`). */
export const IDENTITY_WEB_ROUTES = {
  resetPassword: '/auth/forgot-password',
  verifyEmail: '/auth/verify-email',
} as const;

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** Version of the personal-data policy users accept (Ley 1581 de 2012); bump when its text changes. */
export const DATA_POLICY_VERSION = '2026-11-21';
/** Reset links are valid one hour (identity issue). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Verification links are valid 48 hours. */
export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;
/** Refresh tokens (and so sessions) end 30 days after login at the latest. */
export const SESSION_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Text a user types to confirm the deletion of an account without a password (social-only). */
export const DELETE_ACCOUNT_CONFIRMATION = 'ELIMINAR';
