import { createECDH, generateKeyPairSync, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'puntoverde-push-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const base = { TOKEN_SECRET: 'x'.repeat(40) };

describe('push configuration', () => {
  it('keeps a stored VAPID private key that lost its leading zero byte usable (one key in 256)', () => {
    const DATA_DIR = dataDir();
    // A P-256 key whose first byte is zero, as OpenSSL hands it: 31 bytes.
    let ecdh: ECDH;
    do {
      ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
    } while (ecdh.getPrivateKey().length === 32);
    writeFileSync(
      path.join(DATA_DIR, 'vapid.json'),
      JSON.stringify({ publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') }),
    );
    const config = loadConfig({ ...base, DATA_DIR });
    expect(Buffer.from(config.vapid.privateKey, 'base64url')).toHaveLength(32);
    expect(() => webpush.getVapidHeaders('https://push.example', 'mailto:a@b.co', config.vapid.publicKey, config.vapid.privateKey, 'aes128gcm')).not.toThrow();
  });

  it('generates VAPID keys into DATA_DIR on first start and keeps them', () => {
    const DATA_DIR = dataDir();
    const first = loadConfig({ ...base, DATA_DIR });
    const again = loadConfig({ ...base, DATA_DIR });
    expect(first.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(again.vapid).toEqual(first.vapid);
    const file = path.join(DATA_DIR, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).privateKey).toBe(first.vapid.privateKey);
  });

  it('takes VAPID_* when set, and wants both keys', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({ ...base, DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:push@example.co' });
    expect(config.vapid).toEqual({ ...keys, subject: 'mailto:push@example.co' });
    expect(() => loadConfig({ ...base, DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
  });

  it('reads an FCM service account from a file or inline, and refuses one without its key', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = {
      type: 'service_account',
      project_id: 'puntoverde-app',
      client_email: 'push@puntoverde-app.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: 'https://oauth2.googleapis.com/token',
    };
    const dir = dataDir();
    const file = path.join(dir, 'sa.json');
    writeFileSync(file, JSON.stringify(account));
    const fromFile = loadConfig({ ...base, DATA_DIR: dir, FCM_SERVICE_ACCOUNT: file });
    expect(fromFile.fcm).toMatchObject({ projectId: 'puntoverde-app', apiUrl: 'https://fcm.googleapis.com/v1', tokenUrl: 'https://oauth2.googleapis.com/token' });
    expect(loadConfig({ ...base, DATA_DIR: dir, FCM_SERVICE_ACCOUNT: JSON.stringify(account) }).fcm?.clientEmail).toBe(account.client_email);
    expect(loadConfig({ ...base, DATA_DIR: dir }).fcm).toBeUndefined();
    expect(() => loadConfig({ ...base, DATA_DIR: dir, FCM_SERVICE_ACCOUNT: JSON.stringify({ project_id: 'x' }) })).toThrow(/FCM_SERVICE_ACCOUNT/);
  });
});
