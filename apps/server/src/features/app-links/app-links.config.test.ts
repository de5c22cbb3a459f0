import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'puntoverde-app-links-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));
const base = { TOKEN_SECRET: 'x'.repeat(40), DATA_DIR };
const fingerprint = (byte: string) => Array.from({ length: 32 }, () => byte).join(':');

describe('app links configuration', () => {
  it('reads the app id, every Android fingerprint (upper case) and the Team ID', () => {
    const config = loadConfig({
      ...base,
      ANDROID_CERT_SHA256: `${fingerprint('ab')}, ${fingerprint('CD')}`,
      IOS_TEAM_ID: 'ABCDE12345',
    });
    expect(config.appLinks).toEqual({
      appId: 'co.puntoverde.app',
      androidCertSha256: [fingerprint('AB'), fingerprint('CD')],
      iosTeamId: 'ABCDE12345',
    });
  });

  it('leaves both off by default', () => {
    expect(loadConfig(base).appLinks).toMatchObject({ androidCertSha256: [], iosTeamId: '' });
  });

  it.each([
    ['ANDROID_CERT_SHA256', 'AB:CD', /ANDROID_CERT_SHA256 must be SHA-256 fingerprints/],
    ['IOS_TEAM_ID', 'team', /IOS_TEAM_ID must be the 10-character Apple Team ID/],
    ['NATIVE_APP_ID', 'puntoverde', /NATIVE_APP_ID must be a reverse-domain id/],
  ])('refuses a malformed %s at start', (name, value, message) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(message);
  });
});
