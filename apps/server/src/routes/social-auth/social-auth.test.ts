import {
  IDENTITY_PATHS,
  nitCheckDigit,
  SOCIAL_AUTH_PATHS,
  socialCallbackPath,
  socialStartPath,
  type CompleteSocialRequest,
} from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcProviderConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import {
  OIDC_TEST_ACCOUNT,
  providerBrowser,
  startLocalOidcProvider,
  type LocalOidcProvider,
  type OidcTestAccount,
} from '../../../test/oidc-provider.js';
import { randomIp } from '../../../test/factories/http.js';
import { ownInwardHosts, startInwardListener } from '../../../test/inward-listener.js';
import { waitForMail } from '../../../test/factories/mail.js';
import { createUser } from '../../../test/factories/users.js';

/**
 * Social sign-in end to end against a real OpenID Connect provider (oidc-provider on
 * 127.0.0.1) standing in for Google: start → provider login → callback → login code or
 * completion ticket → session. A second provider ("keycloak") answers with form_post and
 * only gives the e-mail at userinfo.
 */

const PUBLIC_URL = 'http://localhost:3000';
const NIT = '900.123.456-8';

let seq = 0;
function newAccount(extra: Partial<OidcTestAccount> = {}): Required<OidcTestAccount> {
  seq += 1;
  const tag = `${Date.now().toString(36)}-${seq}`;
  return {
    sub: `sub-${tag}`,
    email: `social-${tag}@example.com`,
    email_verified: true,
    given_name: 'Laura',
    family_name: `Gómez ${seq}`,
    name: `Laura Gómez ${seq}`,
    ...extra,
  };
}

function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location, PUBLIC_URL).hash.slice(1));
}

function pathOf(location: string): string {
  return new URL(location, PUBLIC_URL).pathname;
}

describe('social sign-in (OpenID Connect against a local provider)', () => {
  let google: LocalOidcProvider;
  let keycloak: LocalOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    google = await startLocalOidcProvider({ redirectUris: [`${PUBLIC_URL}${socialCallbackPath('google')}`] });
    keycloak = await startLocalOidcProvider({
      redirectUris: [`${PUBLIC_URL}${socialCallbackPath('keycloak')}`],
      claimsInIdToken: false,
    });
    const provider = (id: string, p: LocalOidcProvider, extra: Partial<OidcProviderConfig> = {}): OidcProviderConfig => ({
      id,
      label: id === 'google' ? 'Google' : 'Keycloak',
      issuer: p.issuer,
      clientId: p.clientId,
      clientSecret: p.clientSecret,
      scopes: 'openid email profile',
      responseMode: 'query',
      reauthPrompt: id === 'google' ? 'select_account' : 'login',
      allowInsecureRequests: true,
      ...extra,
    });
    t = await buildTestApp({
      publicUrl: PUBLIC_URL,
      oidcProviders: [
        provider('google', google),
        provider('keycloak', keycloak, { responseMode: 'form_post' }),
        // Nothing listens there: the provider is down.
        { ...provider('down', google), issuer: 'http://127.0.0.1:9', label: 'Caído' },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
    await keycloak.close();
  });

  /** GET start as a browser would; returns the provider URL and the binding cookie. */
  async function start(provider = 'google', query = '') {
    const res = await t.app.inject({ method: 'GET', url: `${socialStartPath(provider)}${query}`, remoteAddress: randomIp() });
    const setCookie = String(res.headers['set-cookie'] ?? '');
    const cookie = /^(pv_social=[^;]+)/.exec(setCookie)?.[1] ?? '';
    return { res, location: String(res.headers.location ?? ''), cookie, setCookie };
  }

  /** Delivers the provider's answer to the app's callback (GET or form POST) with the cookie. */
  async function callback(signedIn: { callbackUrl: URL; form: URLSearchParams | null }, cookie: string) {
    const url = signedIn.callbackUrl.pathname + signedIn.callbackUrl.search;
    const res = signedIn.form
      ? await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          payload: signedIn.form.toString(),
        })
      : await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    return res;
  }

  /** The browser-binding cookie each handed-over code or ticket needs (the browser that signed in). */
  const cookieOf = new Map<string, string>();

  /** A whole sign-in as `account` in a fresh browser; returns where the app sends the browser. */
  async function signInAs(account: OidcTestAccount, options: { provider?: string; query?: string } = {}) {
    const at = options.provider === 'keycloak' ? keycloak : google;
    at.setAccount(account);
    const started = await start(options.provider, options.query);
    expect(started.res.statusCode).toBe(302);
    const signedIn = await providerBrowser(at).signIn(started.location, account.sub);
    const res = await callback(signedIn, started.cookie);
    expect([302, 303]).toContain(res.statusCode);
    const location = String(res.headers.location);
    const handed = fragmentOf(location);
    const kept = /^(pv_social=[^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '';
    for (const key of ['ticket', 'social_code']) {
      const value = handed.get(key);
      if (value) cookieOf.set(value, kept);
    }
    return location;
  }

  const complete = (payload: CompleteSocialRequest, cookie = cookieOf.get(payload.ticket) ?? '') =>
    t.app.inject({ method: 'POST', url: SOCIAL_AUTH_PATHS.complete, payload, headers: { cookie }, remoteAddress: randomIp() });
  const ticketInfo = (ticket: string, cookie = cookieOf.get(ticket) ?? '') =>
    t.app.inject({ method: 'POST', url: SOCIAL_AUTH_PATHS.ticket, payload: { ticket }, headers: { cookie }, remoteAddress: randomIp() });
  const exchange = (code: string, playerId?: string, cookie = cookieOf.get(code) ?? '') =>
    t.app.inject({
      method: 'POST',
      url: SOCIAL_AUTH_PATHS.session,
      payload: { code, ...(playerId ? { playerId } : {}) },
      headers: { cookie },
      remoteAddress: randomIp(),
    });
  const companyData = (nit = NIT) => ({
    tc_id: 3 as const,
    company_name: 'Reciclajes del Valle S.A.S.',
    nit,
    contact_name: 'Laura Gómez',
    phone: '300 123 4567',
    city: 'Medellín',
    address: 'Calle 10 # 43-20',
    accept_data_policy: true as const,
  });

  async function completedAccount() {
    const account = newAccount();
    const ticket = fragmentOf(await signInAs(account, { query: '?kind=company' })).get('ticket')!;
    const nit = `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    // Any base with its own check digit (the DIAN algorithm lives in the contract).
    const res = await complete({ ticket, data_user: companyData(`${nit}-${nitCheckDigit(nit)}`) });
    expect(res.statusCode).toBe(201);
    return { account, user: res.json().data };
  }

  describe('providers and start', () => {
    it('lists the configured providers with their button labels and start URLs', async () => {
      const res = await t.app.inject({ method: 'GET', url: SOCIAL_AUTH_PATHS.providers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        { id: 'google', label: 'Google', start_url: '/back/api/v1/auth/social/google/start' },
        { id: 'keycloak', label: 'Keycloak', start_url: '/back/api/v1/auth/social/keycloak/start' },
        { id: 'down', label: 'Caído', start_url: '/back/api/v1/auth/social/down/start' },
      ]);
    });

    it('documents its calls in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/back/api/docs/json' })).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/back/api/v1/auth/social/providers',
          '/back/api/v1/auth/social/{provider}/start',
          '/back/api/v1/auth/social/{provider}/callback',
          '/back/api/v1/auth/social/session',
          '/back/api/v1/auth/social/ticket',
          '/back/api/v1/auth/social/complete',
        ]),
      );
    });

    it('never connects to an issuer on a private or reserved address (only loopback, for the stand-in)', async () => {
      const listener = await startInwardListener();
      const hosts = [...ownInwardHosts(), '10.255.255.1'];
      const ids = hosts.map((_, i) => `inward${String.fromCharCode(97 + i)}`);
      const inward = await buildTestApp({
        publicUrl: PUBLIC_URL,
        oidcProviders: hosts.map((host, i) => ({
          id: ids[i]!,
          label: 'Interna',
          issuer: `http://${host}:${listener.port}`,
          clientId: 'puntoverde',
          clientSecret: undefined,
          scopes: 'openid email',
          responseMode: 'query',
          reauthPrompt: 'login',
          allowInsecureRequests: true,
        })),
      });
      try {
        for (const id of ids) {
          const res = await inward.app.inject({ method: 'GET', url: socialStartPath(id), remoteAddress: randomIp() });
          expect(res.headers.location).toBe('/auth/login#social_error=social-provider-unavailable');
        }
        expect(listener.connections()).toBe(0);
      } finally {
        await inward.close();
        await listener.close();
      }
    });

    it('lists no providers when none is configured', async () => {
      const plain = await buildTestApp();
      try {
        const res = await plain.app.inject({ method: 'GET', url: SOCIAL_AUTH_PATHS.providers });
        expect(res.json()).toEqual({ data: [] });
      } finally {
        await plain.close();
      }
    });

    it('redirects to the provider with PKCE (S256), state, nonce and the registered redirect URI', async () => {
      const { res, location, setCookie } = await start();
      expect(res.statusCode).toBe(302);
      const url = new URL(location);
      expect(url.origin).toBe(google.issuer);
      const q = url.searchParams;
      expect(q.get('client_id')).toBe(google.clientId);
      expect(q.get('response_type')).toBe('code');
      expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/back/api/v1/auth/social/google/callback`);
      expect(q.get('scope')).toBe('openid email profile');
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(q.get('state')).toMatch(/^[\w-]{32,}$/);
      expect(q.get('nonce')).toMatch(/^[\w-]{32,}$/);
      expect(q.get('prompt')).toBeNull();
      // The attempt lives server-side; the browser only gets an HttpOnly binding cookie.
      expect(setCookie).toMatch(/^pv_social=[\w-]{43}; Path=\/back\/api\/v1\/auth\/social; Max-Age=600; HttpOnly; SameSite=Lax$/);
      expect(location).not.toContain('code_verifier');
    });

    it('asks the provider to show its account chooser or login again after a logout (reauth=1)', async () => {
      expect(new URL((await start('google', '?reauth=1')).location).searchParams.get('prompt')).toBe('select_account');
      expect(new URL((await start('keycloak', '?reauth=1')).location).searchParams.get('prompt')).toBe('login');
    });

    it('asks form_post providers to POST their answer, with a SameSite=None cookie', async () => {
      const { location, setCookie } = await start('keycloak');
      expect(new URL(location).searchParams.get('response_mode')).toBe('form_post');
      expect(setCookie).toContain('SameSite=None; Secure');
    });

    it('sends an unknown provider back to the login screen with social-provider-unknown', async () => {
      const { res, location } = await start('facebook');
      expect(res.statusCode).toBe(302);
      expect(location).toBe('/auth/login#social_error=social-provider-unknown');
    });

    it('sends the browser back with social-provider-unavailable when the provider cannot be reached', async () => {
      const { location } = await start('down');
      expect(location).toBe('/auth/login#social_error=social-provider-unavailable');
    });
  });

  describe('first sign-in and completion', () => {
    it('sends a first sign-in to complete-client with a one-time ticket (never a token in the URL)', async () => {
      const account = newAccount();
      const location = await signInAs(account);
      expect(pathOf(location)).toBe('/complete-client');
      expect(new URL(location, PUBLIC_URL).search).toBe('');
      const ticket = fragmentOf(location).get('ticket') ?? '';
      expect(ticket).toMatch(/^[\w-]{43}$/);
      const info = await ticketInfo(ticket);
      expect(info.statusCode).toBe(200);
      expect(info.json().data).toMatchObject({
        provider: 'google',
        provider_label: 'Google',
        email: account.email,
        given_name: 'Laura',
        family_name: account.family_name,
        kind: 'client',
      });
      // Nothing is created until the profile is complete.
      const user = await t.app.db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirst();
      expect(user).toBeUndefined();
    });

    it('sends a sign-in started for a company to complete-company', async () => {
      const location = await signInAs(newAccount(), { query: '?kind=company' });
      expect(pathOf(location)).toBe('/complete-company');
    });

    it('completes a company with a valid NIT and logs it in with the normal session data', async () => {
      const account = newAccount();
      const ticket = fragmentOf(await signInAs(account, { query: '?kind=company' })).get('ticket')!;
      const res = await complete({ ticket, data_user: companyData() });
      expect(res.statusCode).toBe(201);
      const user = res.json().data;
      expect(user).toMatchObject({
        tc_id: 3,
        id_empresa: null,
        email: account.email,
        name: 'Reciclajes del Valle S.A.S.',
        company_name: 'Reciclajes del Valle S.A.S.',
        nit: '900123456-8',
        phone: '3001234567',
        email_verified: true,
        has_password: false,
        data_policy_version: expect.any(String),
      });
      expect(user.token).toEqual(expect.any(String));
      expect(user.refresh_token).toEqual(expect.any(String));
      const me = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers: { authorization: `Bearer ${user.token}` } });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe(account.email);
      const session = await t.app.db.selectFrom('sessions').select('auth_method').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(session.auth_method).toBe('social:google');
      const consent = await t.app.db.selectFrom('consents').selectAll().where('user_id', '=', user.id).executeTakeFirst();
      expect(consent?.kind).toBe('data-policy');
    });

    it('completes a household with its document and names', async () => {
      const account = newAccount();
      const ticket = fragmentOf(await signInAs(account)).get('ticket')!;
      const res = await complete({
        ticket,
        data_user: {
          tc_id: 2,
          first_name: 'Laura',
          last_name: 'Gómez',
          document_type: 'CC',
          document_number: '1.020.304.050',
          phone: '3001234567',
          city: 'Envigado',
          accept_data_policy: true,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        tc_id: 2,
        name: 'Laura Gómez',
        document_type: 'CC',
        document_number: '1020304050',
        address: null,
      });
    });

    it('spends the ticket: completing twice is refused', async () => {
      const ticket = fragmentOf(await signInAs(newAccount(), { query: '?kind=company' })).get('ticket')!;
      expect((await complete({ ticket, data_user: companyData('800.197.268-4') })).statusCode).toBe(201);
      const again = await complete({ ticket, data_user: companyData('860.002.964-4') });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('social-ticket-invalid');
    });

    it('rejects a NIT with a wrong check digit and keeps the ticket usable', async () => {
      const ticket = fragmentOf(await signInAs(newAccount(), { query: '?kind=company' })).get('ticket')!;
      const bad = await complete({ ticket, data_user: companyData('900.123.456-7') });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('validation-failed');
      expect(Object.keys(bad.json().fields)).toEqual(['data_user.nit']);
      const good = await complete({ ticket, data_user: companyData('890.900.608-9') });
      expect(good.statusCode).toBe(201);
    });

    it('rejects a phone number outside the Colombian numbering plan', async () => {
      const ticket = fragmentOf(await signInAs(newAccount(), { query: '?kind=company' })).get('ticket')!;
      const res = await complete({ ticket, data_user: { ...companyData(), phone: '3991234567' } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['data_user.phone']);
    });

    it('requires the data-policy consent', async () => {
      const ticket = fragmentOf(await signInAs(newAccount(), { query: '?kind=company' })).get('ticket')!;
      const res = await complete({ ticket, data_user: { ...companyData(), accept_data_policy: false as unknown as true } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(['data_user.accept_data_policy']);
    });

    it('refuses a NIT another company already registered', async () => {
      const first = fragmentOf(await signInAs(newAccount(), { query: '?kind=company' })).get('ticket')!;
      expect((await complete({ ticket: first, data_user: companyData('811.007.832-5') })).statusCode).toBe(201);
      const second = fragmentOf(await signInAs(newAccount(), { query: '?kind=company' })).get('ticket')!;
      const res = await complete({ ticket: second, data_user: companyData('811.007.832-5') });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'nit-already-in-use', fields: { 'data_user.nit': expect.any(String) } });
    });

    it('refuses an unknown or forged ticket', async () => {
      const res = await complete({ ticket: 'x'.repeat(43), data_user: companyData() });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('social-ticket-invalid');
    });

    it('completes a form_post provider that only gives the e-mail at userinfo', async () => {
      const account = newAccount();
      const location = await signInAs(account, { provider: 'keycloak' });
      expect(pathOf(location)).toBe('/complete-client');
      const ticket = fragmentOf(location).get('ticket')!;
      const info = await ticketInfo(ticket);
      expect(info.json().data).toMatchObject({ provider: 'keycloak', email: account.email, given_name: 'Laura' });
    });
  });

  describe('returning users', () => {
    it('logs a complete account in with a one-time code exchanged for the clientes/login data', async () => {
      const { account, user } = await completedAccount();
      const location = await signInAs(account);
      expect(pathOf(location)).toBe('/auth/login');
      const code = fragmentOf(location).get('social_code')!;
      expect(code).toMatch(/^[\w-]{43}$/);
      const res = await exchange(code, 'player-social-1');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ id: user.id, tc_id: 3, email: account.email });
      expect(Object.keys(data).sort()).toEqual(Object.keys(user).sort());
      const devices = await t.app.db.selectFrom('devices').select('user_id').where('player_id', '=', 'player-social-1').executeTakeFirst();
      expect(devices?.user_id).toBe(user.id);
      // Single use.
      const again = await exchange(code);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('social-code-invalid');
    });

    it('gives sessions whose refresh tokens rotate and that logout ends at once', async () => {
      const { account } = await completedAccount();
      const data = (await exchange(fragmentOf(await signInAs(account)).get('social_code')!)).json().data;
      const refreshed = await t.app.inject({
        method: 'POST',
        url: IDENTITY_PATHS.refresh,
        payload: { refresh_token: data.refresh_token },
        remoteAddress: randomIp(),
      });
      expect(refreshed.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${refreshed.json().data.token}` };
      expect((await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.logout, headers, payload: {} })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers })).statusCode).toBe(401);
    });

    it('links an existing account with the same verified e-mail and tells its owner', async () => {
      const existing = await createUser(t.app, { email: `linked-${Date.now()}@example.com` });
      const account = newAccount({ email: existing.email });
      const location = await signInAs(account);
      expect(pathOf(location)).toBe('/auth/login');
      const res = await exchange(fragmentOf(location).get('social_code')!);
      expect(res.json().data).toMatchObject({ id: existing.id, email: existing.email, has_password: true });
      const identity = await t.app.db
        .selectFrom('social_identities')
        .selectAll()
        .where('subject', '=', account.sub)
        .executeTakeFirstOrThrow();
      expect(identity.user_id).toBe(existing.id);
      const mail = await waitForMail(t.app, existing.email, 'Google');
      expect(mail.text).toContain('Continuar con Google');
    });

    it('does not link an account whose e-mail was never confirmed (pre-hijacking)', async () => {
      const existing = await createUser(t.app, { email: `unverified-${Date.now()}@example.com`, email_verified: false });
      const location = await signInAs(newAccount({ email: existing.email }));
      expect(location).toBe('/auth/login#social_error=social-account-unverified');
      const linked = await t.app.db.selectFrom('social_identities').select('id').where('user_id', '=', existing.id).execute();
      expect(linked).toHaveLength(0);
    });

    it('refuses a provider account without a verified e-mail', async () => {
      const location = await signInAs(newAccount({ email_verified: false }));
      expect(location).toBe('/auth/login#social_error=social-email-unverified');
    });

    it('refuses a deactivated account', async () => {
      const existing = await createUser(t.app, { email: `inactive-${Date.now()}@example.com`, active: false });
      const location = await signInAs(newAccount({ email: existing.email }));
      expect(location).toBe('/auth/login#social_error=social-account-disabled');
    });

    it('finds the account by provider and subject even after the e-mail changed at the provider', async () => {
      const { account, user } = await completedAccount();
      const location = await signInAs({ ...account, email: `changed-${Date.now()}@example.com` });
      const res = await exchange(fragmentOf(location).get('social_code')!);
      expect(res.json().data.id).toBe(user.id);
    });

    it('includes the linked identities in "download my data" and forgets them when the account is deleted', async () => {
      const { account, user } = await completedAccount();
      const headers = { authorization: `Bearer ${user.token}` };
      const exported = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.myExport, headers });
      expect(exported.json().data.sections.social_identities).toEqual([
        expect.objectContaining({ provider: 'google', subject: account.sub, email: account.email }),
      ]);
      const deleted = await t.app.inject({ method: 'DELETE', url: IDENTITY_PATHS.me, headers, payload: { confirm: 'ELIMINAR' } });
      expect(deleted.statusCode).toBe(200);
      // Signing in again starts from scratch: a new account to complete.
      expect(pathOf(await signInAs(account))).toBe('/complete-client');
    });
  });

  describe('protection of the exchange', () => {
    it('refuses a callback replayed in another browser (no binding cookie): login CSRF', async () => {
      google.setAccount(OIDC_TEST_ACCOUNT);
      const started = await start();
      const signedIn = await providerBrowser(google).signIn(started.location);
      const res = await callback(signedIn, '');
      expect(res.headers.location).toBe('/auth/login#social_error=social-state-invalid');
    });

    it('uses a state once: the same callback twice fails the second time', async () => {
      const account = newAccount();
      google.setAccount(account);
      const started = await start();
      const signedIn = await providerBrowser(google).signIn(started.location, account.sub);
      expect(pathOf(String((await callback(signedIn, started.cookie)).headers.location))).toBe('/complete-client');
      const replay = await callback(signedIn, started.cookie);
      expect(replay.headers.location).toBe('/auth/login#social_error=social-state-invalid');
    });

    it('refuses an unknown state', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${socialCallbackPath('google')}?code=abc&state=forged` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth/login#social_error=social-state-invalid');
    });

    it('keeps the binding cookie for the handed-over ticket, and clears it when the sign-in failed', async () => {
      const account = newAccount();
      google.setAccount(account);
      const started = await start();
      const signedIn = await providerBrowser(google).signIn(started.location, account.sub);
      const res = await callback(signedIn, started.cookie);
      expect(String(res.headers['set-cookie'])).toBe(`${started.cookie}; Path=/back/api/v1/auth/social; Max-Age=1800; HttpOnly; SameSite=Lax`);
      expect(res.headers['cache-control']).toBe('no-store');
      const failed = await callback(signedIn, started.cookie);
      expect(String(failed.headers['set-cookie'])).toMatch(/^pv_social=; Path=\/back\/api\/v1\/auth\/social; Max-Age=0/);
    });

    it('refuses a login code or a ticket presented without the cookie of the browser that signed in', async () => {
      const { account } = await completedAccount();
      const code = fragmentOf(await signInAs(account)).get('social_code')!;
      expect((await exchange(code, undefined, '')).json().code).toBe('social-code-invalid');
      expect((await exchange(code, undefined, 'pv_social=another-browser')).json().code).toBe('social-code-invalid');
      // Still usable by its own browser (the failed attempts did not spend it).
      expect((await exchange(code)).statusCode).toBe(200);
      const ticket = fragmentOf(await signInAs(newAccount())).get('ticket')!;
      expect((await ticketInfo(ticket, 'pv_social=another-browser')).json().code).toBe('social-ticket-invalid');
      expect((await complete({ ticket, data_user: companyData('800.197.268-4') }, '')).json().code).toBe('social-ticket-invalid');
    });

    it('rejects an ID token whose nonce does not match the attempt', async () => {
      const started = await start();
      const state = new URL(started.location).searchParams.get('state')!;
      const { hashToken } = await import('../../features/identity/identity.service.js');
      await t.app.db.updateTable('social_auth_requests').set({ nonce: 'another-nonce' }).where('state_hash', '=', hashToken(state)).execute();
      const res = await callback(await providerBrowser(google).signIn(started.location), started.cookie);
      expect(res.headers.location).toBe('/auth/login#social_error=social-login-failed');
    });

    it('rejects a code exchanged without the right PKCE verifier', async () => {
      const started = await start();
      const state = new URL(started.location).searchParams.get('state')!;
      const { hashToken } = await import('../../features/identity/identity.service.js');
      await t.app.db
        .updateTable('social_auth_requests')
        .set({ code_verifier: 'x'.repeat(43) })
        .where('state_hash', '=', hashToken(state))
        .execute();
      const res = await callback(await providerBrowser(google).signIn(started.location), started.cookie);
      expect(res.headers.location).toBe('/auth/login#social_error=social-login-failed');
    });

    it('rejects an answer claiming another issuer (RFC 9207 iss check)', async () => {
      const started = await start();
      const signedIn = await providerBrowser(google).signIn(started.location);
      signedIn.callbackUrl.searchParams.set('iss', keycloak.issuer);
      const res = await callback(signedIn, started.cookie);
      expect(res.headers.location).toBe('/auth/login#social_error=social-login-failed');
    });

    it('says the user cancelled when the provider answers access_denied', async () => {
      const started = await start();
      const state = new URL(started.location).searchParams.get('state')!;
      const res = await t.app.inject({
        method: 'GET',
        url: `${socialCallbackPath('google')}?error=access_denied&state=${state}`,
        headers: { cookie: started.cookie },
      });
      expect(res.headers.location).toBe('/auth/login#social_error=social-login-cancelled');
    });

    it('refuses an expired or unknown login code', async () => {
      const res = await exchange('y'.repeat(43));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('social-code-invalid');
    });
  });

  describe('logout clears the social session', () => {
    it('after logout, reauth=1 makes the provider ask again instead of signing in silently', async () => {
      const account = newAccount();
      const ticket = fragmentOf(await signInAs(account, { query: '?kind=company' })).get('ticket')!;
      const nit = '830.000.167-2';
      expect((await complete({ ticket, data_user: companyData(nit) })).statusCode).toBe(201);
      // One browser: the first sign-in shows the provider's login, the next one is silent.
      const browser = providerBrowser(google);
      const first = await start();
      expect((await browser.signIn(first.location, account.sub)).loginPageShown).toBe(true);
      const second = await start();
      expect((await browser.signIn(second.location, account.sub)).loginPageShown).toBe(false);
      // The web app's social sign-out starts the next sign-in with reauth=1 (prompt=select_account).
      const afterLogout = await start('google', '?reauth=1');
      const again = await browser.signIn(afterLogout.location, account.sub);
      expect(again.loginPageShown).toBe(true);
      const res = await callback(again, afterLogout.cookie);
      expect(pathOf(String(res.headers.location))).toBe('/auth/login');
    });

  });
});
