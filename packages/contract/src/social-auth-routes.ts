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
  /**
   * The Android/iOS app's exchange (RFC 8252): `POST { code, code_verifier, playerId? }` →
   * `{ data: user }`. The code came through the app's deep link; only the app that started the
   * sign-in holds the verifier whose S256 challenge it sent to `start`.
   */
  nativeSession: `${SOCIAL_AUTH_BASE}/native/session`,
} as const;

/**
 * Native sign-in (RFC 8252, OAuth 2.0 for Native Apps): the app opens `start` in the system
 * browser with `client=native&code_challenge=<S256 of its verifier>`; after the provider the
 * server sends the browser to the app's custom scheme, `puntoverde://auth/login#social_code=…`
 * (or `puntoverde://complete-client#ticket=…`, `…#social_error=…`): the same web routes and
 * fragments, under the scheme the app registers (apps/web/capacitor.config.ts CUSTOM_SCHEME).
 */
export const SOCIAL_NATIVE_CLIENT = 'native';
export const NATIVE_APP_SCHEME = 'puntoverde';
/** RFC 7636 §4.1: 43-128 unreserved characters. */
export const PKCE_VERIFIER_REGEX = /^[A-Za-z0-9._~-]{43,128}$/;
/** base64url(SHA-256(verifier)) without padding: 43 characters. */
export const PKCE_CHALLENGE_REGEX = /^[A-Za-z0-9_-]{43}$/;

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
