import {
  MESSAGES_ES,
  NATIVE_APP_SCHEME,
  SOCIAL_AUTH_REQUEST_TTL_MS,
  SOCIAL_NATIVE_CLIENT,
  SOCIAL_FRAGMENT,
  SOCIAL_LOGIN_CODE_TTL_MS,
  SOCIAL_TICKET_TTL_MS,
  SOCIAL_WEB_ROUTES,
  TC_ID,
  socialCallbackPath,
  socialStartPath,
  type CompleteSocialData,
  type ErrorCode,
  type SessionUser,
  type SocialAccountKind,
  type SocialProvider,
  type SocialStartQuery,
  type SocialTicketInfo,
} from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import type { Config, OidcProviderConfig } from '../../config.js';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import { accountKindFields, createAccount, EmailInUseError, isUniqueViolation } from '../identity/accounts.service.js';
import {
  hashToken,
  isValidColombianPhone,
  linkDevice,
  randomToken,
  findAccount,
  findAccountByEmail,
  companyNitInUse,
  type AccountRow,
  toMe,
  type IdentityService,
  type RequestMeta,
} from '../identity/identity.service.js';
import { createOidcClients, ProviderUnavailableError, type OidcClients, type ProviderIdentity } from './oidc-client.js';
import { identityLinkedMessage } from './social-auth.emails.js';
import * as repo from './social-auth.repository.js';
import type { SocialIdentityRow } from './social-auth.repository.js';

/**
 * Social sign-in with OpenID Connect (authorization code + PKCE): the attempt's state, nonce
 * and verifier stay on the server (hashed state as key, bound to the browser by a cookie,
 * single use, 10 minutes); the callback checks the answer, finds or creates the identity
 * (provider + subject) and hands the web app, in the URL fragment, a one-time login code or a
 * one-time completion ticket. Provider tokens are never stored: once the ID token is checked
 * they are dropped, so logging out of our session leaves no provider session behind here.
 */

export type SocialAuthDeps = {
  db: Db;
  config: Config;
  identity: IdentityService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Tests inject their own; one per app otherwise. */
  oidcClients?: OidcClients;
};

/** The browser-binding cookie set at start and checked at the callback. */
export const SOCIAL_BROWSER_COOKIE = 'pv_social';

/** Pending identities nobody completed are forgotten after a week (data minimisation). */
const PENDING_IDENTITY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A social sign-in error that ends on the login screen with its message. */
class SocialFlowError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? code);
  }
}

function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

function fragment(route: string, key: string, value: string): string {
  return `${route}#${key}=${encodeURIComponent(value)}`;
}

function completionRoute(kind: SocialAccountKind): string {
  return kind === 'company' ? SOCIAL_WEB_ROUTES.completeCompany : SOCIAL_WEB_ROUTES.completeClient;
}

/**
 * Codes and tickets only work in the browser that started the sign-in: the stored hash covers
 * the value handed over in the URL and the browser-binding cookie, so a leaked URL is useless.
 */
function ticketHash(token: string, browserToken: string): string {
  return hashToken(`${token}.${browserToken}`);
}

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

function nativeBindingOfChallenge(challenge: string): string {
  return `native:${challenge}`;
}

/** The binding the app proves with its verifier. */
export function nativeBinding(verifier: string): SocialBinding {
  return nativeBindingOfChallenge(pkceChallenge(verifier));
}

/** `/auth/login#…` → `puntoverde://auth/login#…`: the app's deep link to the same route. */
function nativeLocation(location: string): string {
  return `${NATIVE_APP_SCHEME}:/${location}`;
}

/** Where a failed sign-in ends: the web login screen, or the app's through its deep link. */
export function socialErrorLocation(code: ErrorCode, native: boolean): string {
  const location = fragment(SOCIAL_WEB_ROUTES.login, SOCIAL_FRAGMENT.error, code);
  return native ? nativeLocation(location) : location;
}

function sessionAuthMethod(provider: string): string {
  return `social:${provider}`;
}

export type SocialStart = {
  /** The provider's authorization URL (302 target). */
  location: string;
  /** Value of the browser-binding cookie. */
  browserToken: string;
  /** form_post answers arrive as a cross-site POST: the cookie must be SameSite=None (and Secure). */
  crossSitePost: boolean;
};

export type SocialAuthService = ReturnType<typeof createSocialAuthService>;

export function createSocialAuthService(deps: SocialAuthDeps) {
  const { db, config, identity, mailer, log } = deps;
  const providers = new Map(config.oidcProviders.map((p) => [p.id, p]));
  const clients = deps.oidcClients ?? createOidcClients();
  const pendingMail = new Set<Promise<void>>();
  let lastPurge = 0;

  function deliver(message: MailMessage): void {
    const p = mailer
      .send(message)
      .catch((err: unknown) => log.error({ err, subject: message.subject }, 'could not send e-mail'))
      .finally(() => pendingMail.delete(p));
    pendingMail.add(p);
  }

  function providerOf(id: string): OidcProviderConfig {
    const provider = providers.get(id);
    if (!provider) throw new AppError('social-provider-unknown');
    return provider;
  }

  function redirectUri(provider: OidcProviderConfig): string {
    return `${config.publicUrl}${socialCallbackPath(provider.id)}`;
  }

  async function purge(): Promise<void> {
    if (Date.now() - lastPurge < 10 * 60 * 1000) return;
    lastPurge = Date.now();
    const now = nowIso();
    await repo.purgeExpired(db, now, addMs(now, -PENDING_IDENTITY_TTL_MS));
  }

  async function issueTicket(
    identityId: number,
    purpose: repo.SocialTicketPurpose,
    ttlMs: number,
    kind: SocialAccountKind | null,
    browserToken: string,
  ): Promise<string> {
    const now = nowIso();
    const token = randomToken(32);
    await db.transaction().execute(async (trx) => {
      await repo.expireTickets(trx, identityId, purpose, now);
      await repo.insertTicket(trx, {
        token_hash: ticketHash(token, browserToken),
        purpose,
        identity_id: identityId,
        kind,
        created_at: now,
        expires_at: addMs(now, ttlMs),
        used_at: null,
      });
    });
    return token;
  }

  /** The one-time login code of a linked, usable account, as the web route that carries it. */
  async function loginRedirect(
    identityRow: SocialIdentityRow,
    user: AccountRow | undefined,
    browserToken: string,
  ): Promise<string> {
    if (!user || user.deleted_at) throw new SocialFlowError('social-login-failed', 'identity of a deleted account');
    if (!user.active) throw new SocialFlowError('social-account-disabled');
    const code = await issueTicket(identityRow.id, 'login', SOCIAL_LOGIN_CODE_TTL_MS, null, browserToken);
    return fragment(SOCIAL_WEB_ROUTES.login, SOCIAL_FRAGMENT.code, code);
  }

  /**
   * An identity without an account yet: link it to the account with the same verified e-mail,
   * or keep it pending and send the browser to complete the profile.
   */
  async function linkOrComplete(
    provider: OidcProviderConfig,
    found: ProviderIdentity,
    pending: SocialIdentityRow | undefined,
    kind: SocialAccountKind,
    browserToken: string,
  ): Promise<string> {
    if (!found.email || !found.emailVerified) throw new SocialFlowError('social-email-unverified');
    const now = nowIso();
    const claims = {
      email: found.email,
      email_verified: 1,
      given_name: found.givenName,
      family_name: found.familyName,
      updated_at: now,
    };
    const existing = await findAccountByEmail(db, found.email);
    if (existing) {
      // An account nobody proved the e-mail of may have been pre-registered by someone else:
      // linking it would hand them this person's sign-in (account pre-hijacking).
      if (!existing.email_verified_at) throw new SocialFlowError('social-account-unverified');
      if (!existing.active || existing.deleted_at) throw new SocialFlowError('social-account-disabled');
      let row: SocialIdentityRow;
      if (pending) {
        await repo.updateIdentity(db, pending.id, { ...claims, user_id: existing.id, linked_at: now });
        row = { ...pending, ...claims, user_id: existing.id, linked_at: now };
      } else {
        row = await repo.insertIdentity(db, {
          provider: provider.id,
          subject: found.subject,
          user_id: existing.id,
          ...claims,
          created_at: now,
          linked_at: now,
          last_login_at: null,
        });
      }
      deliver(identityLinkedMessage(existing.email, existing.name, provider.label, `${config.publicUrl}${SOCIAL_WEB_ROUTES.login}`));
      return loginRedirect(row, existing, browserToken);
    }
    let row: SocialIdentityRow;
    if (pending) {
      await repo.updateIdentity(db, pending.id, claims);
      row = { ...pending, ...claims };
    } else {
      row = await repo.insertIdentity(db, {
        provider: provider.id,
        subject: found.subject,
        user_id: null,
        ...claims,
        created_at: now,
        linked_at: null,
        last_login_at: null,
      });
    }
    const ticket = await issueTicket(row.id, 'complete', SOCIAL_TICKET_TTL_MS, kind, browserToken);
    return fragment(completionRoute(kind), SOCIAL_FRAGMENT.ticket, ticket);
  }

  async function resolveIdentity(
    provider: OidcProviderConfig,
    found: ProviderIdentity,
    kind: SocialAccountKind,
    browserToken: string,
  ): Promise<string> {
    const known = await repo.findIdentity(db, provider.id, found.subject);
    if (known?.user_id != null) {
      // The account is found by (provider, subject), never again by e-mail.
      return loginRedirect(known, await findAccount(db, known.user_id), browserToken);
    }
    return linkOrComplete(provider, found, known, kind, browserToken);
  }

  /** A usable (unused, unexpired) ticket or code and its identity. */
  async function usableTicket(
    token: string,
    browserToken: string | undefined,
    purpose: repo.SocialTicketPurpose,
    code: ErrorCode,
  ) {
    if (!browserToken) throw new AppError(code);
    const tokenHash = ticketHash(token, browserToken);
    const row = await repo.findTicket(db, tokenHash, purpose);
    if (!row || row.used_at || row.expires_at <= nowIso()) throw new AppError(code);
    const identityRow = await repo.findIdentityById(db, row.identity_id);
    if (!identityRow) throw new AppError(code);
    return { row, tokenHash, identity: identityRow };
  }

  async function openSession(trx: Db, user: AccountRow, provider: string, meta: RequestMeta, playerId?: string) {
    const started = await identity.startSession(trx, user.id, meta, sessionAuthMethod(provider));
    if (playerId) {
      await linkDevice(trx, {
        player_id: playerId,
        user_id: user.id,
        session_id: started.session_id,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
        at: nowIso(),
      });
    }
    const { session_id: _sid, ...pair } = started;
    return pair;
  }

  return {
    /** Waits for e-mails still being sent (app close, tests). */
    async drain(): Promise<void> {
      while (pendingMail.size) await Promise.allSettled([...pendingMail]);
    },

    listProviders(): SocialProvider[] {
      return config.oidcProviders.map((p) => ({ id: p.id, label: p.label, start_url: socialStartPath(p.id) }));
    },

    /** Keeps the attempt server-side and builds the provider's authorization URL. */
    async start(providerId: string, query: SocialStartQuery): Promise<SocialStart> {
      const provider = providerOf(providerId);
      const attempt = clients.newAttempt();
      let location: URL;
      try {
        location = await clients.authorizationUrl(provider, {
          redirectUri: redirectUri(provider),
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
      await purge().catch((err: unknown) => log.warn({ err }, 'could not purge social sign-in data'));
      return { location: location.href, browserToken, crossSitePost: provider.responseMode === 'form_post' };
    },

    /**
     * Handles the provider's answer (query or form_post parameters) and returns where the
     * browser goes next: always a web route, with a login code, a completion ticket or an error.
     */
    async callback(
      providerId: string,
      params: URLSearchParams,
      browserToken: string | undefined,
    ): Promise<{ location: string; keepBrowserCookie: boolean }> {
      let native: string | null = null;
      try {
        const provider = providers.get(providerId);
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
        const callbackUrl = new URL(redirectUri(provider));
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
          location = await resolveIdentity(provider, found, kind, browser);
        } catch (err) {
          // Two callbacks of the same new identity raced: the loser reads the winner's row.
          if (!isUniqueViolation(err)) throw err;
          location = await resolveIdentity(provider, found, kind, browser);
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
    },

    /** The one-time login code → a normal session (the same `data` as clientes/login). */
    async exchangeLoginCode(
      code: string,
      browserToken: string | undefined,
      playerId: string | undefined,
      meta: RequestMeta,
    ): Promise<SessionUser> {
      const { tokenHash, identity: identityRow } = await usableTicket(code, browserToken, 'login', 'social-code-invalid');
      const user = identityRow.user_id != null ? await findAccount(db, identityRow.user_id) : undefined;
      if (!user || user.deleted_at) throw new AppError('social-code-invalid');
      if (!user.active) throw new AppError('social-account-disabled');
      const now = nowIso();
      const pair = await db.transaction().execute(async (trx) => {
        if (!(await repo.consumeTicket(trx, tokenHash, now))) throw new AppError('social-code-invalid');
        await repo.updateIdentity(trx, identityRow.id, { last_login_at: now });
        return openSession(trx, user, identityRow.provider, meta, playerId);
      });
      return { ...toMe(user), ...pair };
    },

    /** What the provider told us, to pre-fill complete-client / complete-company. */
    async ticketInfo(ticket: string, browserToken: string | undefined): Promise<SocialTicketInfo> {
      const { row, identity: identityRow } = await usableTicket(ticket, browserToken, 'complete', 'social-ticket-invalid');
      if (identityRow.user_id != null || !identityRow.email) throw new AppError('social-ticket-invalid');
      return {
        provider: identityRow.provider,
        provider_label: providers.get(identityRow.provider)?.label ?? identityRow.provider,
        email: identityRow.email,
        given_name: identityRow.given_name,
        family_name: identityRow.family_name,
        kind: row.kind === 'company' ? 'company' : 'client',
        expires_at: row.expires_at,
      };
    },

    /**
     * Creates the account of a first social sign-in with the chosen kind and its required
     * fields, links the identity and starts a session. The ticket is spent only on success.
     */
    async complete(
      ticket: string,
      browserToken: string | undefined,
      input: CompleteSocialData,
      meta: RequestMeta,
    ): Promise<SessionUser> {
      const { tokenHash, identity: identityRow } = await usableTicket(ticket, browserToken, 'complete', 'social-ticket-invalid');
      if (identityRow.user_id != null || !identityRow.email || !identityRow.email_verified) {
        throw new AppError('social-ticket-invalid');
      }
      const email = identityRow.email;
      if (!isValidColombianPhone(input.phone)) throw AppError.field('validation-failed', 'data_user.phone', MESSAGES_ES.phone);
      if (await findAccountByEmail(db, email)) throw new AppError('email-already-in-use');
      const isCompany = input.tc_id === TC_ID.company;
      if (isCompany && (await companyNitInUse(db, input.nit))) {
        throw AppError.field('nit-already-in-use', 'data_user.nit');
      }
      const now = nowIso();
      try {
        return await db.transaction().execute(async (trx) => {
          if (!(await repo.consumeTicket(trx, tokenHash, now))) throw new AppError('social-ticket-invalid');
          const user = await createAccount(trx, {
            ...accountKindFields(input),
            tc_id: input.tc_id,
            email,
            // Social-only: no password until the user sets one (forgot password works).
            password: null,
            phone: input.phone,
            city: input.city,
            address: input.address ?? null,
            // The provider vouched for the address (email_verified), so no verification e-mail.
            email_verified: true,
            consent: meta,
          });
          if (!(await repo.linkPendingIdentity(trx, identityRow.id, user.id, now))) throw new AppError('social-ticket-invalid');
          const pair = await openSession(trx, user, identityRow.provider, meta);
          return { ...toMe(user), ...pair };
        });
      } catch (err) {
        if (err instanceof EmailInUseError || isUniqueViolation(err)) throw new AppError('email-already-in-use');
        throw err;
      }
    },

    /** Part of "download my data": the linked social identities. */
    async personalData(trx: Db, userId: number) {
      const rows = await repo.listIdentitiesOfUser(trx, userId);
      return rows.map((r) => ({
        provider: r.provider,
        subject: r.subject,
        email: r.email,
        linked_at: r.linked_at,
        last_login_at: r.last_login_at,
      }));
    },

    /** Account deletion: the identities go (a new social sign-in starts from scratch). */
    async forgetUser(trx: Db, userId: number): Promise<void> {
      await repo.deleteIdentitiesOfUser(trx, userId);
    },
  };
}
