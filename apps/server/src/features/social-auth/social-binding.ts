import { NATIVE_APP_SCHEME, SOCIAL_FRAGMENT, SOCIAL_WEB_ROUTES, type ErrorCode, type SocialAccountKind } from '@puntoverde/contract';
import { createHash } from 'node:crypto';
import { hashToken } from '../identity/identity.service.js';

/**
 * What a handed-over login code or completion ticket is bound to, and the web routes (or the
 * app's deep links) that carry them in their fragment.
 */

/** The browser-binding cookie set at start and checked at the callback. */
export const SOCIAL_BROWSER_COOKIE = 'pv_social';

/**
 * What a handed-over code or ticket is bound to: the browser-binding cookie on the web, the
 * app's PKCE challenge in the Android/iOS app (RFC 8252 + RFC 7636: the code travels through a
 * deep link another app could intercept, the verifier never leaves the app that started).
 * `undefined` = nothing to bind (no cookie): every code and ticket is then refused.
 */
export type SocialBinding = string | undefined;

/** The cookie's value as a binding; anything but a token we issued (e.g. `native:…`) binds nothing. */
export function browserBinding(cookie: string | undefined): SocialBinding {
  return cookie && /^[A-Za-z0-9_-]{20,200}$/.test(cookie) ? cookie : undefined;
}

/** RFC 7636 §4.2 S256: base64url(SHA-256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function nativeBindingOfChallenge(challenge: string): string {
  return `native:${challenge}`;
}

/** The binding the app proves with its verifier. */
export function nativeBinding(verifier: string): SocialBinding {
  return nativeBindingOfChallenge(pkceChallenge(verifier));
}

/**
 * Codes and tickets only work in the browser that started the sign-in: the stored hash covers
 * the value handed over in the URL and the browser-binding cookie, so a leaked URL is useless.
 */
export function ticketHash(token: string, browserToken: string): string {
  return hashToken(`${token}.${browserToken}`);
}

export function fragment(route: string, key: string, value: string): string {
  return `${route}#${key}=${encodeURIComponent(value)}`;
}

export function completionRoute(kind: SocialAccountKind): string {
  return kind === 'company' ? SOCIAL_WEB_ROUTES.completeCompany : SOCIAL_WEB_ROUTES.completeClient;
}

/** `/auth/login#…` → `puntoverde://auth/login#…`: the app's deep link to the same route. */
export function nativeLocation(location: string): string {
  return `${NATIVE_APP_SCHEME}:/${location}`;
}

/** Where a failed sign-in ends: the web login screen, or the app's through its deep link. */
export function socialErrorLocation(code: ErrorCode, native: boolean): string {
  const location = fragment(SOCIAL_WEB_ROUTES.login, SOCIAL_FRAGMENT.error, code);
  return native ? nativeLocation(location) : location;
}
