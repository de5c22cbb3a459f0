/**
 * Social sign-in: paths, URL-fragment keys, web routes and lifetimes. Zod-free on purpose: the
 * web app's first paint imports these (the logout hook), not the schemas of social-auth.ts.
 */

export const SOCIAL_AUTH_BASE = '/back/api/v1/auth/social';

export const SOCIAL_AUTH_PATHS = {
  providers: `${SOCIAL_AUTH_BASE}/providers`,
  /** `POST { code, playerId? }` → `{ data: user }` (same shape as clientes/login). */
  session: `${SOCIAL_AUTH_BASE}/session`,
  /** `POST { ticket }` → what the provider told us, to pre-fill the completion form. */
  ticket: `${SOCIAL_AUTH_BASE}/ticket`,
  /** `POST { ticket, data_user }` → `201 { data: user }`. */
  complete: `${SOCIAL_AUTH_BASE}/complete`,
} as const;

/** `GET` → 302 to the provider (browser navigation, not fetch). */
export function socialStartPath(provider: string): string {
  return `${SOCIAL_AUTH_BASE}/${encodeURIComponent(provider)}/start`;
}

/** The redirect URI to register at the provider: `${PUBLIC_URL}${socialCallbackPath(id)}`. */
export function socialCallbackPath(provider: string): string {
  return `${SOCIAL_AUTH_BASE}/${encodeURIComponent(provider)}/callback`;
}

/** Web routes the callback sends the browser to, and the fragment parameters it sets. */
export const SOCIAL_WEB_ROUTES = {
  login: '/auth/login',
  completeClient: '/complete-client',
  completeCompany: '/complete-company',
} as const;
export const SOCIAL_FRAGMENT = { code: 'social_code', ticket: 'ticket', error: 'social_error' } as const;

/** A provider id as used in paths and env names (`OIDC_<ID>_*`). */
export const SOCIAL_PROVIDER_ID_REGEX = /^[a-z][a-z0-9]{1,19}$/;

/** One-time login codes live 2 minutes; completion tickets 30 minutes; a sign-in attempt 10. */
export const SOCIAL_LOGIN_CODE_TTL_MS = 2 * 60 * 1000;
export const SOCIAL_TICKET_TTL_MS = 30 * 60 * 1000;
export const SOCIAL_AUTH_REQUEST_TTL_MS = 10 * 60 * 1000;

export const SOCIAL_ACCOUNT_KINDS = ['client', 'company'] as const;
export type SocialAccountKind = (typeof SOCIAL_ACCOUNT_KINDS)[number];
