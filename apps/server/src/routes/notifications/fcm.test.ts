import { REGISTER_NOTIFICATIONS_PATH } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFcmStandIn, type FcmStandIn } from '../../../test/fcm-stand-in.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { notify } from '../../features/notifications/notifications.service.js';
import { notificationWorkerOf } from './index.js';
import { createUser, loginAs } from '../../../test/factories/users.js';

let t: TestApp;
let fcm: FcmStandIn;

beforeAll(async () => {
  fcm = await startFcmStandIn();
  // The stand-in listens on loopback: the push senders reach it only with PUSH_ALLOW_LOOPBACK.
  t = await buildTestApp({ fcm: fcm.config, pushAllowLoopback: true });
});
afterAll(async () => {
  await t.close();
  await fcm.close();
});

async function nativeDevice(token: string) {
  const user = await createUser(t.app);
  const headers = await loginAs(t.app, user);
  await t.app.inject({ method: 'PUT', url: '/back/api/v1/notifications/preferences', headers, payload: { quiet_hours: { enabled: false, start: '21:00', end: '07:00' } } });
  const res = await t.app.inject({ method: 'POST', url: REGISTER_NOTIFICATIONS_PATH, headers, payload: { data: { kind: 'fcm', token } } });
  expect(res.statusCode).toBe(200);
  return { user, playerId: res.json().data.player_id as string };
}

describe('FCM HTTP v1 (native apps) behind the same sender', () => {
  it('exchanges the service account JWT for a token once and sends the v1 message', async () => {
    const { user } = await nativeDevice('fcm-token-android-0001-abcdefghij');
    const n = await notify(t.app.db, user.id, { title: 'Contenedor lleno', body: 'El contenedor de vidrio está lleno.', link: '/app/tabs/points' });
    await notify(t.app.db, user.id, { title: 'Segundo', body: 'Otro', link: null });
    const run = await notificationWorkerOf(t.app).runOnce();
    expect(fcm.refusals).toEqual([]);
    expect(run.sent).toBe(2);
    expect(fcm.tokenExchanges).toBe(1);
    expect(fcm.messages[0]).toMatchObject({
      token: 'fcm-token-android-0001-abcdefghij',
      notification: { title: 'Contenedor lleno', body: 'El contenedor de vidrio está lleno.' },
      data: { id: String(n.id), kind: 'container', link: '/app/tabs/points' },
      android: { priority: 'HIGH', ttl: '86400s' },
    });
  });

  it('forgets a token FCM reports UNREGISTERED', async () => {
    const { user, playerId } = await nativeDevice('gone-token-0002-abcdefghijklmnop');
    await notify(t.app.db, user.id, { title: 'Hola', body: 'x', link: null });
    const run = await notificationWorkerOf(t.app).runOnce();
    expect(run.gone).toBe(1);
    expect(await t.app.db.selectFrom('devices').select('id').where('player_id', '=', playerId).executeTakeFirst()).toBeUndefined();
  });

  it('retries later when FCM is unavailable', async () => {
    const { user } = await nativeDevice('busy-token-0003-abcdefghijklmnop');
    const n = await notify(t.app.db, user.id, { title: 'Hola', body: 'x', link: null });
    const run = await notificationWorkerOf(t.app).runOnce();
    expect(run.retried).toBe(1);
    const row = await t.app.db.selectFrom('notification_deliveries').selectAll().where('notification_id', '=', n.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('does not reach an FCM address on loopback without PUSH_ALLOW_LOOPBACK', async () => {
    const strict = await buildTestApp({ fcm: fcm.config });
    try {
      const user = await createUser(strict.app);
      const headers = await loginAs(strict.app, user);
      await strict.app.inject({ method: 'PUT', url: '/back/api/v1/notifications/preferences', headers, payload: { quiet_hours: { enabled: false, start: '21:00', end: '07:00' } } });
      await strict.app.inject({ method: 'POST', url: REGISTER_NOTIFICATIONS_PATH, headers, payload: { data: { kind: 'fcm', token: 'strict-token-0004-abcdefghijklmn' } } });
      const before = { exchanges: fcm.tokenExchanges, messages: fcm.messages.length };
      await notify(strict.app.db, user.id, { title: 'Hola', body: 'x', link: null });
      const run = await notificationWorkerOf(strict.app).runOnce();
      expect(run).toMatchObject({ sent: 0, retried: 1 });
      expect({ exchanges: fcm.tokenExchanges, messages: fcm.messages.length }).toEqual(before);
    } finally {
      await strict.close();
    }
  });
});
