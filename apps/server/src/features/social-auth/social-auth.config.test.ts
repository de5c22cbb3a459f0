import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

/** OIDC_PROVIDERS and OIDC_<ID>_* (the README's social sign-in table). */
describe('social sign-in configuration', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-oidc-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) =>
    loadConfig({ TOKEN_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, ...env }).oidcProviders;

  it('enables no provider by default', () => {
    expect(load({})).toEqual([]);
  });

  it('reads Google and Apple with their known issuers, scopes and response modes', () => {
    const providers = load({
      OIDC_PROVIDERS: 'google, apple',
      OIDC_GOOGLE_CLIENT_ID: 'g-id',
      OIDC_GOOGLE_CLIENT_SECRET: 'g-secret',
      OIDC_APPLE_CLIENT_ID: 'co.puntoverde.web',
      OIDC_APPLE_CLIENT_SECRET: 'signed.jwt.secret',
    });
    expect(providers).toEqual([
      {
        id: 'google',
        label: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'g-id',
        clientSecret: 'g-secret',
        scopes: 'openid email profile',
        responseMode: 'query',
        reauthPrompt: 'select_account',
        allowInsecureRequests: false,
      },
      {
        id: 'apple',
        label: 'Apple',
        issuer: 'https://appleid.apple.com',
        clientId: 'co.puntoverde.web',
        clientSecret: 'signed.jwt.secret',
        scopes: 'openid email name',
        responseMode: 'form_post',
        reauthPrompt: null,
        allowInsecureRequests: false,
      },
    ]);
  });

  it('reads any other OpenID Connect provider with its issuer, label and a public client', () => {
    const [keycloak] = load({
      OIDC_PROVIDERS: 'keycloak',
      OIDC_KEYCLOAK_ISSUER: 'https://sso.example.co/realms/puntoverde',
      OIDC_KEYCLOAK_CLIENT_ID: 'web',
      OIDC_KEYCLOAK_LABEL: 'Mi Alcaldía',
    });
    expect(keycloak).toMatchObject({
      id: 'keycloak',
      label: 'Mi Alcaldía',
      clientSecret: undefined,
      responseMode: 'query',
      reauthPrompt: 'login',
    });
  });

  it('allows a plain-http issuer only on a loopback address', () => {
    expect(load({ OIDC_PROVIDERS: 'dev', OIDC_DEV_ISSUER: 'http://127.0.0.1:4000', OIDC_DEV_CLIENT_ID: 'x' })[0]).toMatchObject({
      allowInsecureRequests: true,
    });
    expect(() => load({ OIDC_PROVIDERS: 'dev', OIDC_DEV_ISSUER: 'http://sso.example.co', OIDC_DEV_CLIENT_ID: 'x' })).toThrow(
      /OIDC_DEV_ISSUER: must be https/,
    );
  });

  it('names the missing variables of a listed provider', () => {
    expect(() => load({ OIDC_PROVIDERS: 'google,keycloak' })).toThrow(ConfigError);
    expect(() => load({ OIDC_PROVIDERS: 'google,keycloak' })).toThrow(
      /OIDC_GOOGLE_CLIENT_ID: required[\s\S]*OIDC_KEYCLOAK_ISSUER: required[\s\S]*OIDC_KEYCLOAK_CLIENT_ID: required/,
    );
  });

  it('rejects a provider id that cannot be a path segment', () => {
    expect(() => load({ OIDC_PROVIDERS: 'mi-sso' })).toThrow(/"mi-sso" is not a valid provider id/);
  });
});
