import {
  SOCIAL_AUTH_REQUEST_TTL_MS,
  SOCIAL_FRAGMENT,
  SOCIAL_NATIVE_CLIENT,
  SOCIAL_WEB_ROUTES,
  type ErrorCode,
  type SocialAccountKind,
  type SocialStartQuery,
} from '@puntoverde/contract';
import { nowIso } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../identity/accounts.service.js';
import { hashToken, randomToken } from '../identity/identity.service.js';
import { ProviderUnavailableError } from './oidc-client.js';
import { addMs, SocialFlowError, type SocialAuthContext } from './social-auth-context.js';
import * as repo from './social-auth.repository.js';
import { fragment, nativeBindingOfChallenge, nativeLocation } from './social-binding.js';
import { resolveIdentity } from './social-linking.service.js';
import { providerOf, redirectUri } from './social-providers.service.js';

/**
 * The OpenID Connect authorization code flow (with PKCE): the attempt's state, nonce and
 * verifier stay on the server (hashed state as key, bound to the browser by a cookie, single
 * use, 10 minutes); the callback checks the answer and hands over where the browser goes next.
 */

/** Pending identities nobody completed are forgotten after a week (data minimisation). */
const PENDING_IDENTITY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Expired attempts, tickets and pending identities are purged at most this often. */
const PURGE_EVERY_MS = 10 * 60 * 1000;

export type SocialStart = {
  /** The provider's authorization URL (302 target). */
  location: string;
  /** Value of the browser-binding cookie. */
  browserToken: string;
  /** form_post answers arrive as a cross-site POST: the cookie must be SameSite=None (and Secure). */
  crossSitePost: boolean;
};

async function purge(ctx: SocialAuthContext): Promise<void> {
  if (Date.now() - ctx.purge.lastAt < PURGE_EVERY_MS) return;
  ctx.purge.lastAt = Date.now();
  const now = nowIso();
  await repo.purgeExpired(ctx.db, now, addMs(now, -PENDING_IDENTITY_TTL_MS));
}

/** Keeps the attempt server-side and builds the provider's authorization URL. */
export async function startSignIn(ctx: SocialAuthContext, providerId: string, query: SocialStartQuery): Promise<SocialStart> {
  const { db, clients, log } = ctx;
  const provider = providerOf(ctx, providerId);
  const attempt = clients.newAttempt();
  let location: URL;
  try {
    location = await clients.authorizationUrl(provider, {
      redirectUri: redirectUri(ctx, provider),
      codeVerifier: attempt.codeVerifier,
      state: attempt.state,
      nonce: attempt.nonce,
      prompt: query.reauth ? (provider.reauthPrompt ?? undefined) : undefined,
    });
  } catch (err) {
    log.error({ err, provider: provider.id }, 'social sign-in: provider unavailable');
    throw new AppError('social-provider-unavailable');
  }
  const browserToken = randomToken(32);
  const now = nowIso();
  await repo.insertAuthRequest(db, {
    state_hash: hashToken(attempt.state),
    provider: provider.id,
    code_verifier: attempt.codeVerifier,
    nonce: attempt.nonce,
    browser_hash: hashToken(browserToken),
    kind: query.kind ?? null,
    native_challenge: query.client === SOCIAL_NATIVE_CLIENT ? (query.code_challenge ?? null) : null,
    created_at: now,
    expires_at: addMs(now, SOCIAL_AUTH_REQUEST_TTL_MS),
  });
  await purge(ctx).catch((err: unknown) => log.warn({ err }, 'could not purge social sign-in data'));
  return { location: location.href, browserToken, crossSitePost: provider.responseMode === 'form_post' };
}

/**
 * Handles the provider's answer (query or form_post parameters) and returns where the
 * browser goes next: always a web route, with a login code, a completion ticket or an error.
 */
export async function handleCallback(
  ctx: SocialAuthContext,
  providerId: string,
  params: URLSearchParams,
  browserToken: string | undefined,
): Promise<{ location: string; keepBrowserCookie: boolean }> {
  const { db, clients, log } = ctx;
  let native: string | null = null;
  try {
    const provider = ctx.providers.get(providerId);
    if (!provider) throw new SocialFlowError('social-provider-unknown');
    const state = params.get('state');
    // The attempt is taken (deleted) first: whatever follows, a state works once.
    const attempt = state ? await repo.takeAuthRequest(db, hashToken(state)) : undefined;
    if (!state || !attempt || attempt.provider !== provider.id || attempt.expires_at <= nowIso()) {
      throw new SocialFlowError('social-state-invalid', 'unknown, used or expired state');
    }
    native = attempt.native_challenge;
    // Bound to the browser that started it: a callback URL replayed in another browser
    // (login CSRF: signing the victim into the attacker's account) fails here. The app's
    // system browser holds this cookie too, from start to callback.
    if (!browserToken || hashToken(browserToken) !== attempt.browser_hash) {
      throw new SocialFlowError('social-state-invalid', 'browser binding cookie missing or different');
    }
    // What the handed-over code or ticket is bound to: this browser, or the app's verifier.
    const browser = native ? nativeBindingOfChallenge(native) : browserToken;
    const error = params.get('error');
    if (error) {
      throw new SocialFlowError(error === 'access_denied' ? 'social-login-cancelled' : 'social-login-failed', `provider error ${error}`);
    }
    const callbackUrl = new URL(redirectUri(ctx, provider));
    for (const [k, v] of params) if (k !== 'user') callbackUrl.searchParams.append(k, v);
    const found = await clients.exchange(provider, callbackUrl, {
      codeVerifier: attempt.code_verifier,
      state,
      nonce: attempt.nonce,
    });
    // Apple sends the name only once, in a `user` form field beside the code.
    if (!found.givenName && !found.familyName && params.get('user')) {
      try {
        const user = JSON.parse(params.get('user') ?? '') as { name?: { firstName?: unknown; lastName?: unknown } };
        if (typeof user.name?.firstName === 'string') found.givenName = user.name.firstName.slice(0, 200) || null;
        if (typeof user.name?.lastName === 'string') found.familyName = user.name.lastName.slice(0, 200) || null;
      } catch {
        // Not JSON: ignore, the name is only a convenience for the completion form.
      }
    }
    const kind: SocialAccountKind = attempt.kind === 'company' ? 'company' : 'client';
    let location: string;
    try {
      location = await resolveIdentity(ctx, provider, found, kind, browser);
    } catch (err) {
      // Two callbacks of the same new identity raced: the loser reads the winner's row.
      if (!isUniqueViolation(err)) throw err;
      location = await resolveIdentity(ctx, provider, found, kind, browser);
    }
    // The app gets it through its deep link and proves it with its verifier: no cookie needed.
    if (native) return { location: nativeLocation(location), keepBrowserCookie: false };
    // The code or ticket needs this browser's cookie: it stays until they are used.
    return { location, keepBrowserCookie: true };
  } catch (err) {
    let code: ErrorCode = 'social-login-failed';
    if (err instanceof SocialFlowError) {
      code = err.code;
      log.warn({ provider: providerId, code, reason: err.message }, 'social sign-in refused');
    } else if (err instanceof ProviderUnavailableError) {
      code = 'social-provider-unavailable';
      log.error({ err, provider: providerId }, 'social sign-in: provider unavailable');
    } else {
      log.warn({ err, provider: providerId }, 'social sign-in failed');
    }
    const failed = fragment(SOCIAL_WEB_ROUTES.login, SOCIAL_FRAGMENT.error, code);
    return { location: native ? nativeLocation(failed) : failed, keepBrowserCookie: false };
  }
}
