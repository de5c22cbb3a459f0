// oidc-provider ships no types: its ambient declaration lives beside the stand-in.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../apps/server/test/oidc-provider-module.d.ts" />
import { startLocalOidcProvider } from '../apps/server/test/oidc-provider.js';

/**
 * Playwright global setup: the local OpenID Connect provider standing in for Google
 * (social-auth.spec.ts). Its port and client are chosen in playwright.config.ts, which also
 * hands them to the e2e server as OIDC_* variables; the server discovers the provider lazily,
 * at the first "Continuar con Google", so starting after the web server is fine.
 */
export default async function startOidcStandIn(): Promise<() => Promise<void>> {
  const appPort = process.env.E2E_PORT;
  const port = Number(process.env.E2E_OIDC_PORT);
  const provider = await startLocalOidcProvider({
    port,
    clientId: process.env.E2E_OIDC_CLIENT_ID,
    clientSecret: process.env.E2E_OIDC_CLIENT_SECRET,
    acceptAnyEmail: true,
    redirectUris: [`http://127.0.0.1:${appPort}/back/api/v1/auth/social/google/callback`],
  });
  return () => provider.close();
}
