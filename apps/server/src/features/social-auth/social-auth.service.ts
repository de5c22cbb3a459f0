import type { CompleteSocialData, SessionUser, SocialProvider, SocialStartQuery, SocialTicketInfo } from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import type { RequestMeta } from '../identity/identity.service.js';
import { createSocialAuthContext, type SocialAuthDeps } from './social-auth-context.js';
import * as repo from './social-auth.repository.js';
import { handleCallback, startSignIn, type SocialStart } from './social-code-flow.service.js';
import { listProviders } from './social-providers.service.js';
import { completeSignUp, exchangeLoginCode, ticketInfo } from './social-sessions.service.js';

/**
 * Social sign-in with OpenID Connect (authorization code + PKCE), composed from its parts:
 * - social-providers.service.ts: the configured providers and their callback URLs;
 * - social-code-flow.service.ts: start and callback of the code flow (state, nonce, verifier
 *   kept on the server, bound to the browser);
 * - social-linking.service.ts: a checked identity → its account, a linked one, or pending;
 * - social-tickets.service.ts and social-binding.ts: the one-time login codes and completion
 *   tickets, bound to the browser's cookie or the app's PKCE verifier;
 * - social-sessions.service.ts: a code → a session; a ticket → a new account and its session.
 * Provider tokens are never stored: once the ID token is checked they are dropped, so logging
 * out of our session leaves no provider session behind here.
 */

export type { SocialAuthDeps } from './social-auth-context.js';
export type { SocialStart } from './social-code-flow.service.js';
export {
  browserBinding,
  nativeBinding,
  pkceChallenge,
  SOCIAL_BROWSER_COOKIE,
  socialErrorLocation,
  type SocialBinding,
} from './social-binding.js';

export type SocialAuthService = ReturnType<typeof createSocialAuthService>;

export function createSocialAuthService(deps: SocialAuthDeps) {
  const ctx = createSocialAuthContext(deps);

  return {
    /** Waits for e-mails still being sent (app close, tests). */
    async drain(): Promise<void> {
      while (ctx.pendingMail.size) await Promise.allSettled([...ctx.pendingMail]);
    },

    listProviders(): SocialProvider[] {
      return listProviders(ctx);
    },

    /** Keeps the attempt server-side and builds the provider's authorization URL. */
    start(providerId: string, query: SocialStartQuery): Promise<SocialStart> {
      return startSignIn(ctx, providerId, query);
    },

    /** The provider's answer → where the browser goes next (a web route with a code, a ticket or an error). */
    callback(
      providerId: string,
      params: URLSearchParams,
      browserToken: string | undefined,
    ): Promise<{ location: string; keepBrowserCookie: boolean }> {
      return handleCallback(ctx, providerId, params, browserToken);
    },

    /** The one-time login code → a normal session (the same `data` as clientes/login). */
    exchangeLoginCode(
      code: string,
      browserToken: string | undefined,
      playerId: string | undefined,
      meta: RequestMeta,
    ): Promise<SessionUser> {
      return exchangeLoginCode(ctx, code, browserToken, playerId, meta);
    },

    /** What the provider told us, to pre-fill complete-client / complete-company. */
    ticketInfo(ticket: string, browserToken: string | undefined): Promise<SocialTicketInfo> {
      return ticketInfo(ctx, ticket, browserToken);
    },

    /** Creates the account of a first social sign-in, links the identity and starts a session. */
    complete(ticket: string, browserToken: string | undefined, input: CompleteSocialData, meta: RequestMeta): Promise<SessionUser> {
      return completeSignUp(ctx, ticket, browserToken, input, meta);
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
