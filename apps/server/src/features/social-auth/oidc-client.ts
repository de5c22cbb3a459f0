import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../../config.js';
import { createGuardedFetch, namesLoopback } from '../../lib/outbound/guarded-fetch.js';

/**
 * The OpenID Connect relying party, per configured provider: metadata discovered once from the
 * issuer (and rediscovered after a failure), authorization URLs with PKCE (S256), state and
 * nonce, and the code exchange with every ID token check openid-client makes (signature
 * against the provider's keys, iss, aud, azp, exp/iat, nonce, state and the RFC 9207 `iss`).
 * Every request (discovery, and the token, keys and userinfo endpoints the issuer's metadata
 * names) goes through the address guard; loopback only for an issuer on loopback (the stand-in).
 */

/** What the app keeps from a provider's answer. */
export type ProviderIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
};

/** The provider could not be reached (discovery, token or keys request failed at the network level). */
export class ProviderUnavailableError extends Error {}

/** The provider answered, but its answer is unusable (bad code, failed ID token checks...). */
export class ProviderResponseError extends Error {}

const HTTP_TIMEOUT_S = 10;

function isNetworkFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return true;
  // undici: TypeError('fetch failed') with the socket error as cause.
  return err instanceof TypeError && /fetch failed/i.test(err.message);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : null;
}

/** Google sends a boolean; Apple has sent the string "true". */
function truthy(value: unknown): boolean {
  return value === true || value === 'true';
}

/** Requests to a provider's issuer and the endpoints its metadata names, through the address guard. */
function guardedFetchFor(provider: OidcProviderConfig): oidc.CustomFetch {
  const guardedFetch = createGuardedFetch({ allowLoopback: namesLoopback(provider.issuer) });
  // openid-client's bodies are all fetch bodies; only the DOM typings (bench/) spell Uint8Array narrower.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  return (url, options) => guardedFetch(url, options as RequestInit);
}

export type OidcClients = ReturnType<typeof createOidcClients>;

export function createOidcClients() {
  const configurations = new Map<string, Promise<oidc.Configuration>>();

  function configuration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let pending = configurations.get(provider.id);
    if (!pending) {
      pending = oidc
        .discovery(
          new URL(provider.issuer),
          provider.clientId,
          provider.clientSecret ? { client_secret: provider.clientSecret } : undefined,
          provider.clientSecret ? oidc.ClientSecretPost(provider.clientSecret) : oidc.None(),
          {
            timeout: HTTP_TIMEOUT_S,
            [oidc.customFetch]: guardedFetchFor(provider),
            // Plain http only for a loopback issuer (config.ts refuses any other): the test stand-in.
            execute: provider.allowInsecureRequests ? [oidc.allowInsecureRequests] : [],
          },
        )
        .then((config) => {
          // Verify ID token signatures too, not only TLS to the token endpoint (defence in depth).
          oidc.enableNonRepudiationChecks(config);
          return config;
        })
        .catch((err: unknown) => {
          configurations.delete(provider.id);
          throw new ProviderUnavailableError(`discovery of ${provider.issuer} failed`, { cause: err });
        });
      configurations.set(provider.id, pending);
    }
    return pending;
  }

  return {
    /** Fresh PKCE verifier, state and nonce for one attempt. */
    newAttempt() {
      return { codeVerifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
    },

    async authorizationUrl(
      provider: OidcProviderConfig,
      input: { redirectUri: string; codeVerifier: string; state: string; nonce: string; prompt?: string | undefined },
    ): Promise<URL> {
      const config = await configuration(provider);
      const parameters: Record<string, string> = {
        redirect_uri: input.redirectUri,
        scope: provider.scopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(input.codeVerifier),
        code_challenge_method: 'S256',
        state: input.state,
        nonce: input.nonce,
      };
      if (provider.responseMode === 'form_post') parameters.response_mode = 'form_post';
      if (input.prompt) parameters.prompt = input.prompt;
      return oidc.buildAuthorizationUrl(config, parameters);
    },

    /**
     * Exchanges the code of `callbackUrl` (the redirect URI plus the response parameters) and
     * returns the checked identity; the e-mail comes from the ID token, else from userinfo.
     */
    async exchange(
      provider: OidcProviderConfig,
      callbackUrl: URL,
      checks: { codeVerifier: string; state: string; nonce: string },
    ): Promise<ProviderIdentity> {
      const config = await configuration(provider);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new ProviderResponseError('no id_token');
        let source: Record<string, unknown> = claims;
        if (!text(claims.email) && config.serverMetadata().userinfo_endpoint && tokens.access_token) {
          // fetchUserInfo checks that userinfo's `sub` is the ID token's.
          source = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
        }
        const email = text(source.email)?.toLowerCase() ?? null;
        return {
          subject: claims.sub,
          email,
          emailVerified: email !== null && truthy(source.email_verified),
          givenName: text(source.given_name),
          familyName: text(source.family_name),
        };
      } catch (err) {
        if (err instanceof ProviderResponseError) throw err;
        if (isNetworkFailure(err)) throw new ProviderUnavailableError(`${provider.id} could not be reached`, { cause: err });
        throw new ProviderResponseError(err instanceof Error ? err.message : String(err), { cause: err });
      }
    },
  };
}
