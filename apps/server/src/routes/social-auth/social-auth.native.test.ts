import { IDENTITY_PATHS, nitCheckDigit, SOCIAL_AUTH_PATHS, socialCallbackPath, socialStartPath } from '@puntoverde/contract';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcProviderConfig } from '../../config.js';
import { hashToken } from '../../features/identity/secrets.js';
import { randomIp } from '../../../test/factories/http.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { providerBrowser, startLocalOidcProvider, type LocalOidcProvider, type OidcTestAccount } from '../../../test/oidc-provider.js';

/**
 * Social sign-in from the Android/iOS app (RFC 8252) end to end against the local OpenID
 * Connect provider: the app makes a PKCE verifier, the system browser goes to start with
 * `client=native` and the challenge, signs in at the provider, and the callback sends it to the
 * app's deep link with a one-time code; the app trades code + verifier for its bearer session.
 */

const PUBLIC_URL = 'http://localhost:3000';

let seq = 0;
function newAccount(): Required<OidcTestAccount> {
  seq += 1;
  const tag = `${Date.now().toString(36)}-n${seq}`;
  return {
    sub: `sub-${tag}`,
    email: `native-${tag}@example.com`,
    email_verified: true,
    given_name: 'Camilo',
    family_name: `Restrepo ${seq}`,
    name: `Camilo Restrepo ${seq}`,
  };
}

/** What the app does before opening the browser (RFC 7636 §4.1-4.2). */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function deepLink(location: string) {
  const url = new URL(location);
  return { url, fragment: new URLSearchParams(url.hash.slice(1)) };
}

describe('social sign-in from the Android/iOS app (system browser, deep link, PKCE)', () => {
  let google: LocalOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    google = await startLocalOidcProvider({ redirectUris: [`${PUBLIC_URL}${socialCallbackPath('google')}`] });
    const provider: OidcProviderConfig = {
      id: 'google',
      label: 'Google',
      issuer: google.issuer,
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      scopes: 'openid email profile',
      responseMode: 'query',
      reauthPrompt: 'select_account',
      allowInsecureRequests: true,
    };
    t = await buildTestApp({ publicUrl: PUBLIC_URL, oidcProviders: [provider] });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  /** The system browser's part: start (with the app's challenge), the provider, the callback. */
  async function browserSignIn(account: OidcTestAccount, challenge: string, extra = '') {
    google.setAccount(account);
    const started = await t.app.inject({
      method: 'GET',
      url: `${socialStartPath('google')}?client=native&code_challenge=${challenge}&code_challenge_method=S256${extra}`,
      remoteAddress: randomIp(),
    });
    expect(started.statusCode).toBe(302);
    const cookie = /^(pv_social=[^;]+)/.exec(String(started.headers['set-cookie']))?.[1] ?? '';
    const signedIn = await providerBrowser(google).signIn(String(started.headers.location), account.sub);
    const res = await t.app.inject({
      method: 'GET',
      url: signedIn.callbackUrl.pathname + signedIn.callbackUrl.search,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(302);
    return { location: String(res.headers.location), setCookie: String(res.headers['set-cookie'] ?? '') };
  }

  const nativeSession = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: SOCIAL_AUTH_PATHS.nativeSession, payload, remoteAddress: randomIp() });

  /** A first native sign-in completed as a household in the app; returns the account. */
  async function appAccount() {
    const account = newAccount();
    const { verifier, challenge } = pkce();
    const { location } = await browserSignIn(account, challenge);
    const { url, fragment } = deepLink(location);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('puntoverde://complete-client');
    const ticket = fragment.get('ticket')!;
    const info = await t.app.inject({
      method: 'POST',
      url: SOCIAL_AUTH_PATHS.ticket,
      payload: { ticket, code_verifier: verifier },
      remoteAddress: randomIp(),
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ email: account.email, given_name: 'Camilo' });
    const base = `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const done = await t.app.inject({
      method: 'POST',
      url: SOCIAL_AUTH_PATHS.complete,
      remoteAddress: randomIp(),
      payload: {
        ticket,
        code_verifier: verifier,
        data_user: {
          tc_id: 3,
          company_name: 'Reciclajes de la Montaña S.A.S.',
          nit: `${base}-${nitCheckDigit(base)}`,
          contact_name: 'Camilo Restrepo',
          phone: '300 765 4321',
          city: 'Medellín',
          address: 'Carrera 70 # 44-10',
          accept_data_policy: true,
        },
      },
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().data.token).toEqual(expect.any(String));
    return account;
  }

  it('refuses start with client=native but no PKCE challenge (400, Spanish)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${socialStartPath('google')}?client=native`, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation-failed',
      fields: { code_challenge: 'El inicio de sesión desde la app no es válido. Actualiza la app e inténtalo de nuevo.' },
    });
  });

  it('sends the system browser to the app with a one-time code, which code + verifier turn into the bearer session', async () => {
    const account = await appAccount();
    const { verifier, challenge } = pkce();
    const { location, setCookie } = await browserSignIn(account, challenge);
    const { url, fragment } = deepLink(location);
    expect(url.protocol).toBe('puntoverde:');
    expect(`${url.host}${url.pathname}`).toBe('auth/login');
    const code = fragment.get('social_code')!;
    expect(code).toMatch(/^[\w-]{43}$/);
    // Nothing is left in the system browser: the app proves the code with its verifier.
    expect(setCookie).toContain('pv_social=; ');
    const stored = await t.app.db
      .selectFrom('social_tickets')
      .select(['created_at', 'expires_at'])
      .where('purpose', '=', 'login')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBeLessThanOrEqual(2 * 60 * 1000);

    const res = await nativeSession({ code, code_verifier: verifier, playerId: 'player-native-1' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ email: account.email, tc_id: 3 });
    // The session the app uses: a bearer token (and its refresh token), as after clientes/login.
    const me = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers: { authorization: `Bearer ${data.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(account.email);
    const device = await t.app.db.selectFrom('devices').select('user_id').where('player_id', '=', 'player-native-1').executeTakeFirst();
    expect(device?.user_id).toBe(data.id);

    // Single use: the same code and verifier again is refused.
    const again = await nativeSession({ code, code_verifier: verifier });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'social-code-invalid', message: expect.stringMatching(/Inténtalo de nuevo/) });
  });

  it('refuses the code with another verifier (an app that intercepted the deep link), and it still works for the right one', async () => {
    const account = await appAccount();
    const { verifier, challenge } = pkce();
    const code = deepLink((await browserSignIn(account, challenge)).location).fragment.get('social_code')!;
    const stolen = await nativeSession({ code, code_verifier: pkce().verifier });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('social-code-invalid');
    // Nor through the web exchange, with or without a forged cookie carrying the challenge.
    for (const cookie of ['', `pv_social=${challenge}`, `pv_social=native:${challenge}`]) {
      const web = await t.app.inject({
        method: 'POST',
        url: SOCIAL_AUTH_PATHS.session,
        payload: { code },
        headers: cookie ? { cookie } : {},
        remoteAddress: randomIp(),
      });
      expect(web.statusCode).toBe(400);
    }
    expect((await nativeSession({ code, code_verifier: verifier })).statusCode).toBe(200);
  });

  it('refuses an expired code with a clear Spanish error', async () => {
    const account = await appAccount();
    const { verifier, challenge } = pkce();
    const code = deepLink((await browserSignIn(account, challenge)).location).fragment.get('social_code')!;
    await t.app.db
      .updateTable('social_tickets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(`${code}.native:${challenge}`))
      .execute();
    const res = await nativeSession({ code, code_verifier: verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'social-code-invalid', message: 'El inicio de sesión con la red social venció. Inténtalo de nuevo.' });
  });

  it('refuses a malformed verifier as bad input, never a 500', async () => {
    const res = await nativeSession({ code: 'x'.repeat(43), code_verifier: 'corto' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation-failed');
  });

  it('ends a refused sign-in in the app too (deep link with the error)', async () => {
    const account = { ...newAccount(), email_verified: false };
    const { location } = await browserSignIn(account, pkce().challenge);
    expect(location).toBe('puntoverde://auth/login#social_error=social-email-unverified');
  });

  it('a completion ticket handed to the app is refused without its verifier', async () => {
    const { challenge } = pkce();
    const { location } = await browserSignIn(newAccount(), challenge);
    const ticket = deepLink(location).fragment.get('ticket')!;
    const res = await t.app.inject({
      method: 'POST',
      url: SOCIAL_AUTH_PATHS.ticket,
      payload: { ticket, code_verifier: pkce().verifier },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('social-ticket-invalid');
  });
});
