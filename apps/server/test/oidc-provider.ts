import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy, type Account } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 and a random port,
 * standing in for Google in server tests and e2e. One confidential client with the given
 * redirect URIs; accounts are kept in memory (`setAccount`); the login interaction is a tiny
 * HTML form (no dev interactions) that signs in the account typed in and grants consent at
 * once, so both a browser and `fetch` (see `providerBrowser`) can complete it.
 */

export type OidcTestAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
};

/** The fixed test account signed in by default. */
export const OIDC_TEST_ACCOUNT: Readonly<Required<OidcTestAccount>> = {
  sub: 'google-test-subject-0001',
  email: 'ana.social@example.com',
  email_verified: true,
  given_name: 'Ana',
  family_name: 'Restrepo',
  name: 'Ana Restrepo',
};

export const OIDC_TEST_CLIENT_ID = 'puntoverde-test';

export type LocalOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces an account (keyed by sub); the login form accepts its e-mail or sub. */
  setAccount(account: OidcTestAccount): void;
  /** How many times the login form was shown (a silent re-login shows none). */
  loginPagesShown(): number;
  close(): Promise<void>;
};

export type StartOidcProviderOptions = {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** 0 (default) = a free port. */
  port?: number;
  /** Put the profile and e-mail claims in the id_token (true, like Google) or only at userinfo. */
  claimsInIdToken?: boolean;
  /** An unknown e-mail typed at the login form becomes a new verified account (e2e: one per run). */
  acceptAnyEmail?: boolean;
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function loginPage(uid: string, login: string, error?: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Proveedor de prueba</title></head>
<body>
<main>
<h1>Proveedor de identidad de prueba</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="login">Cuenta de prueba (correo o sujeto)</label>
<input id="login" name="login" value="${escapeHtml(login)}" autocomplete="off">
<button type="submit">Iniciar sesión en el proveedor</button>
</form>
</main>
</body></html>`;
}

export async function startLocalOidcProvider(options: StartOidcProviderOptions): Promise<LocalOidcProvider> {
  const clientId = options.clientId ?? OIDC_TEST_CLIENT_ID;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const accounts = new Map<string, OidcTestAccount>([[OIDC_TEST_ACCOUNT.sub, { ...OIDC_TEST_ACCOUNT }]]);
  const findByLogin = (login: string) =>
    accounts.get(login) ?? [...accounts.values()].find((a) => a.email?.toLowerCase() === login.trim().toLowerCase());
  let loginPages = 0;

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  // Like Google: `prompt=select_account` shows the account chooser (here, the login form) again.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(24).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: options.claimsInIdToken === false,
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string): Account | undefined => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="es"><body><h1>Error del proveedor</h1><pre>${escapeHtml(JSON.stringify(out))}</pre></body></html>`;
    },
  });

  /** Signs the account in and grants the requested OIDC scopes (auto-consent). */
  async function finish(req: IncomingMessage, res: ServerResponse, accountId: string, scope: string, client: string) {
    const grant = new provider.Grant({ accountId, clientId: client });
    grant.addOIDCScope(scope);
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId }, select_account: {} },
      { mergeWithLastSubmission: false },
    );
  }

  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      callback(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const scope = typeof details.params.scope === 'string' ? details.params.scope : 'openid';
        const client = details.params.client_id ?? clientId;
        if (match[2] && req.method === 'POST') {
          const login = (await readForm(req)).get('login') ?? '';
          let account = findByLogin(login);
          if (!account && options.acceptAnyEmail && /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(login.trim())) {
            const email = login.trim().toLowerCase();
            const local = email.split('@')[0] ?? 'prueba';
            account = { sub: `sub-${email}`, email, email_verified: true, given_name: local, family_name: 'Prueba', name: `${local} Prueba` };
            accounts.set(account.sub, account);
          }
          if (!account) {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            res.end(loginPage(details.uid, login, 'No existe esa cuenta de prueba.'));
            return;
          }
          await finish(req, res, account.sub, scope, client);
          return;
        }
        // Already signed in at the provider, only consent missing: grant it without a page.
        if (details.prompt.name === 'consent' && details.session?.accountId) {
          await finish(req, res, details.session.accountId, scope, client);
          return;
        }
        loginPages += 1;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(loginPage(details.uid, OIDC_TEST_ACCOUNT.email));
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`interaction failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount(account) {
      accounts.set(account.sub, { ...account });
    },
    loginPagesShown: () => loginPages,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ProviderSignIn = {
  /** Where the provider sends the browser back (the app's callback, with the answer in the query). */
  callbackUrl: URL;
  /** With response_mode=form_post: the fields the provider's page POSTs to `callbackUrl`. */
  form: URLSearchParams | null;
  loginPageShown: boolean;
};

/**
 * A minimal browser for driving the provider with `fetch`: keeps the provider's cookies,
 * follows its redirects and submits the login form, and stops at the first redirect that
 * leaves the provider (the app's callback), returning that URL.
 */
export function providerBrowser(provider: Pick<LocalOidcProvider, 'issuer'>) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keepCookies = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string> | undefined), cookie: cookieHeader() },
    });
    keepCookies(res);
    return res;
  };

  return {
    /**
     * Opens `authorizationUrl` and walks the provider until it redirects away. `login` is
     * typed in the form when the provider asks (the default test account otherwise).
     */
    async signIn(authorizationUrl: string, login: string = OIDC_TEST_ACCOUNT.email): Promise<ProviderSignIn> {
      let url = authorizationUrl;
      let loginPageShown = false;
      for (let hop = 0; hop < 20; hop += 1) {
        if (!url.startsWith(provider.issuer)) return { callbackUrl: new URL(url), form: null, loginPageShown };
        const res = await request(url);
        if (res.status >= 300 && res.status < 400) {
          url = new URL(res.headers.get('location') ?? '', url).href;
          continue;
        }
        const html = await res.text();
        const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
        if (!action) throw new Error(`provider answered ${res.status}: ${html.slice(0, 500)}`);
        if (!action.startsWith('/') && !action.startsWith(provider.issuer)) {
          // response_mode=form_post: the page would POST these fields to the app's callback.
          const form = new URLSearchParams();
          for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
            form.append(m[1] ?? '', (m[2] ?? '').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
          }
          return { callbackUrl: new URL(action), form, loginPageShown };
        }
        if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 500)}`);
        loginPageShown = true;
        const posted = await request(new URL(action, url).href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ login }).toString(),
        });
        if (posted.status < 300 || posted.status >= 400) {
          throw new Error(`login form answered ${posted.status}: ${(await posted.text()).slice(0, 500)}`);
        }
        url = new URL(posted.headers.get('location') ?? '', url).href;
      }
      throw new Error('too many redirects at the provider');
    },
  };
}
