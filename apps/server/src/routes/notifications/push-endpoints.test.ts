import { REGISTER_NOTIFICATIONS_PATH } from '@puntoverde/contract';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { ownInwardHosts, startInwardListener, type InwardListener } from '../../../test/inward-listener.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { nowIso } from '../../db/dialect.js';
import { notify } from '../../features/notifications/notifications.service.js';
import type { ResolvedAddress } from '../../lib/outbound/address-guard.mjs';
import { notificationWorkerOf } from './index.js';

/**
 * Push endpoints come from browsers, so anyone can send one: registration refuses those whose
 * host leads inward (by name, by spelling, by DNS), and the send threads never open a socket to
 * such an address, whatever got into the database.
 */

/** DNS without a network: the probe's names, and a push service's. */
const NAMES: Record<string, string[]> = {
  vm: ['127.0.0.1'],
  'localhost.': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'fcm.googleapis.com': ['142.250.78.10'],
};
async function resolveHost(hostname: string): Promise<ResolvedAddress[]> {
  const found = NAMES[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: 4 }));
}

/** Keys a browser would send: a P-256 public key and a 16-byte secret. */
function subscriptionKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

let strict: TestApp;
let loopback: TestApp;
beforeAll(async () => {
  strict = await buildTestApp({}, { resolveHost });
  loopback = await buildTestApp({ pushAllowLoopback: true }, { resolveHost });
});
afterAll(async () => {
  await strict.close();
  await loopback.close();
});

const register = (t: TestApp, endpoint: string) =>
  t.app.inject({
    method: 'POST',
    url: REGISTER_NOTIFICATIONS_PATH,
    payload: { data: { kind: 'webpush', subscription: { endpoint, keys: subscriptionKeys() } } },
  });

describe('register-notifications refuses endpoints that lead inward', () => {
  it.each([
    'https://vm:4801/x',
    'https://192.0.2.2:4801/x',
    'https://localhost:4801/x',
    'https://localhost.:4801/x',
    'https://localhost%2e:4801/x',
    'https://127.0.0.1.nip.io/x',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://100.64.0.1/',
    'https://224.0.0.1/',
    'https://2130706433/x',
    'https://0x7f000001/x',
    'https://0177.0.0.1/x',
    'https://127.1/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[fd00::2]/x',
    'https://10.0.0.1/x',
    'https://no-such-push.invalid/x',
  ])('refuses %s with a 400 naming the field', async (endpoint) => {
    const res = await register(strict, endpoint);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'push-endpoint-refused',
      fields: { 'data.subscription.endpoint': expect.stringContaining('https') },
    });
  });

  it('lets only loopback through with PUSH_ALLOW_LOOPBACK, and nothing else inward', async () => {
    expect((await register(loopback, 'https://vm:4801/x')).statusCode).toBe(200);
    expect((await register(loopback, 'http://127.0.0.1:4801/x')).statusCode).toBe(200);
    for (const endpoint of [
      'https://192.0.2.2:4801/x',
      'https://metadata.google.internal/',
      'https://100.64.0.1/',
      'http://10.0.0.1/x',
      'https://[fd00::2]/x',
    ]) {
      expect((await register(loopback, endpoint)).json()).toMatchObject({ code: 'push-endpoint-refused' });
    }
  });

  it('accepts an https endpoint of a push service on a public address', async () => {
    const res = await register(strict, 'https://fcm.googleapis.com/fcm/send/abc123');
    expect(res.statusCode).toBe(200);
  });
});

describe('the send threads never connect to a refused address', () => {
  let listener: InwardListener;
  beforeAll(async () => {
    listener = await startInwardListener();
  });
  afterAll(() => listener.close());

  /** Stores devices as if their endpoints had been registered, and sends each a notification. */
  async function sendTo(t: TestApp, hosts: string[]) {
    const user = await createUser(t.app);
    const headers = await loginAs(t.app, user);
    await t.app.inject({
      method: 'PUT',
      url: '/back/api/v1/notifications/preferences',
      headers,
      payload: { quiet_hours: { enabled: false, start: '21:00', end: '07:00' } },
    });
    const at = nowIso();
    for (const host of hosts) {
      const endpoint = `https://${host}:${listener.port}/push/${randomUUID()}`;
      await t.app.db
        .insertInto('devices')
        .values({
          user_id: user.id,
          session_id: null,
          player_id: randomUUID(),
          kind: 'webpush',
          endpoint,
          subscription: JSON.stringify({ endpoint, keys: subscriptionKeys() }),
          user_agent: null,
          created_at: at,
          last_seen_at: at,
        })
        .execute();
    }
    await notify(t.app.db, user.id, { title: 'Hola', body: 'x', link: null });
    const run = await notificationWorkerOf(t.app).runOnce();
    const devices = await t.app.db.selectFrom('devices').select('id').where('user_id', '=', user.id).execute();
    return { run, devices };
  }

  it('sends nothing to loopback, however spelled, nor to this machine, and forgets those devices', async () => {
    const hosts = [
      '127.0.0.1',
      'localhost',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '2130706433',
      '0x7f000001',
      '127.1',
      ...ownInwardHosts(),
    ];
    const { run, devices } = await sendTo(strict, hosts);
    expect(listener.connections()).toBe(0);
    expect(run).toMatchObject({ sent: 0, retried: 0, gone: hosts.length });
    expect(devices).toEqual([]);
  });

  it('with PUSH_ALLOW_LOOPBACK still sends nothing to this machine’s other addresses', async () => {
    const hosts = ownInwardHosts();
    const { run } = await sendTo(loopback, hosts);
    expect(listener.connections()).toBe(0);
    expect(run).toMatchObject({ sent: 0, gone: hosts.length });
  });
});
