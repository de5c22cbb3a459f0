import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':');
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

async function appWith(appLinks: { androidCertSha256: string[]; iosTeamId: string }) {
  const t = await buildTestApp({ appLinks: { appId: 'co.puntoverde.app', ...appLinks } });
  apps.push(t);
  return t;
}

describe('deep links into the apps (/.well-known)', () => {
  it('publishes the Android signing fingerprint for App Links', async () => {
    const t = await appWith({ androidCertSha256: [FINGERPRINT], iosTeamId: '' });
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'co.puntoverde.app',
          sha256_cert_fingerprints: [FINGERPRINT],
        },
      },
    ]);
  });

  it('publishes the iOS app for Universal Links, keeping the API on the web', async () => {
    const t = await appWith({ androidCertSha256: [], iosTeamId: 'ABCDE12345' });
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const details = res.json().applinks.details[0];
    expect(details.appIDs).toEqual(['ABCDE12345.co.puntoverde.app']);
    expect(details.components).toContainEqual(expect.objectContaining({ '/': '/back/*', exclude: true }));
    expect(details.components.at(-1)).toEqual({ '/': '/*' });
  });

  it('answers 404 (not the web app) when the apps are not configured', async () => {
    const t = await appWith({ androidCertSha256: [], iosTeamId: '' });
    for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not-found' });
    }
  });

  it('uses the same app id as the Capacitor projects', () => {
    const capacitor = readFileSync(path.resolve(import.meta.dirname, '../../../../web/capacitor.config.ts'), 'utf8');
    expect(capacitor).toContain(`APP_ID = 'co.puntoverde.app'`);
  });
});
