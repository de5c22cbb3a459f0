import {
  BROADCAST_AUDIENCE_PATH,
  GET_NOTIFICATIONS_BY_USER_PATH,
  GET_NOTIFICATIONS_PATH,
  PUSH_CLICK_PATH,
  REGISTER_NOTIFICATIONS_PATH,
} from '@puntoverde/contract';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { freePort, startPushStandIn, type PushStandIn } from '../../../test/push-stand-in.js';
import { listenLocal, openSse } from '../../../test/sse.js';
import {
  createNotificationWorker,
  type NotificationWorkerOptions,
} from '../../features/notifications/notification-worker.js';
import type { PushDevice, PushSender } from '../../features/notifications/push-sender.js';
import { notify } from '../../features/notifications/notifications.service.js';
import { createWebPushSender } from '../../features/notifications/web-push-sender.js';
import { heldUntil } from '../../features/notifications/quiet-hours.js';
import { notificationWorkerOf } from './index.js';
import { createUser, loginAs, loginSession, type TestUser } from '../../../test/factories/users.js';

let t: TestApp;
let push: PushStandIn;

beforeAll(async () => {
  push = await startPushStandIn();
  t = await buildTestApp({ pushAllowLoopback: true });
});
afterAll(async () => {
  await t.close();
  await push.stop();
});

type Headers = { authorization: string };

/**
 * A browser of `user`: subscribes at the stand-in with the server's VAPID key and registers.
 * Its owner turns quiet hours off, so sends do not depend on the hour the suite runs.
 */
async function browserOf(user: TestUser, given?: Headers) {
  const headers = given ?? (await loginAs(t.app, user));
  const { subscription, clientHash } = await push.subscribe(t.config.vapid.publicKey);
  const res = await t.app.inject({
    method: 'POST',
    url: REGISTER_NOTIFICATIONS_PATH,
    headers,
    payload: { data: { kind: 'webpush', subscription } },
  });
  expect(res.statusCode).toBe(200);
  const quiet = await t.app.inject({
    method: 'PUT',
    url: '/back/api/v1/notifications/preferences',
    headers,
    payload: { quiet_hours: { enabled: false, start: '21:00', end: '07:00' } },
  });
  expect(quiet.statusCode).toBe(200);
  return { clientHash, subscription, playerId: res.json().data.player_id as string };
}

const deliveriesOf = (notificationId: number) =>
  t.app.db.selectFrom('notification_deliveries').selectAll().where('notification_id', '=', notificationId).execute();

const parsed = async (clientHash: string) =>
  (await push.messages(clientHash)).map((m) => JSON.parse(m) as Record<string, unknown>);

describe('register-notifications', () => {
  it('registers a browser before sign-in and links it when its player_id comes with clientes/login', async () => {
    const ana = await createUser(t.app);
    const { subscription } = await push.subscribe(t.config.vapid.publicKey);
    const first = await t.app.inject({
      method: 'POST',
      url: REGISTER_NOTIFICATIONS_PATH,
      payload: { data: { kind: 'webpush', subscription } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ kind: 'webpush', linked: false });
    const again = await t.app.inject({
      method: 'POST',
      url: REGISTER_NOTIFICATIONS_PATH,
      payload: { data: { kind: 'webpush', subscription } },
    });
    expect(again.json().data.player_id).toBe(first.json().data.player_id);

    await loginSession(t.app, ana, { playerId: first.json().data.player_id });
    const device = await t.app.db
      .selectFrom('devices')
      .selectAll()
      .where('player_id', '=', first.json().data.player_id)
      .executeTakeFirstOrThrow();
    expect(device.user_id).toBe(ana.id);
    expect(device.endpoint).toBe(subscription.endpoint);
  });

  it('refuses a push endpoint that is not https on a public host', async () => {
    const strict = await buildTestApp();
    try {
      const res = await strict.app.inject({
        method: 'POST',
        url: REGISTER_NOTIFICATIONS_PATH,
        payload: {
          data: {
            kind: 'webpush',
            subscription: {
              endpoint: 'http://127.0.0.1:6379/x',
              keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
            },
          },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(['data.subscription.endpoint']);
    } finally {
      await strict.close();
    }
  });

  it('answers 400 with the field for a malformed registration', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER_NOTIFICATIONS_PATH,
      payload: { data: { kind: 'webpush' } },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('Web Push delivery through the outbox', () => {
  it('sends a notification record to every device of its user, VAPID-signed and encrypted', async () => {
    const ana = await createUser(t.app);
    const phone = await browserOf(ana);
    const laptop = await browserOf(ana);
    const n = await notify(t.app.db, ana.id, {
      title: 'Solicitud #7 aceptada',
      body: 'El punto aceptó tu solicitud.',
      link: '/app/tabs/request/7',
    });
    expect(n.kind).toBe('request');
    expect((await deliveriesOf(n.id)).map((d) => d.status)).toEqual(['pending', 'pending']);

    const run = await notificationWorkerOf(t.app).runOnce();
    expect(run.sent).toBeGreaterThanOrEqual(2);
    for (const device of [phone, laptop]) {
      const [message] = await parsed(device.clientHash);
      expect(message).toMatchObject({
        id: n.id,
        kind: 'request',
        title: 'Solicitud #7 aceptada',
        link: '/app/tabs/request/7',
      });
    }
    expect((await deliveriesOf(n.id)).map((d) => d.status)).toEqual(['sent', 'sent']);
  });

  it('does not send to a subscription made with another VAPID key (the push service refuses it)', async () => {
    const beto = await createUser(t.app);
    const headers = await loginAs(t.app, beto);
    await browserOf(beto, headers);
    await t.app.db.deleteFrom('devices').where('user_id', '=', beto.id).execute();
    const other = await buildTestApp();
    const { subscription, clientHash } = await push.subscribe(other.config.vapid.publicKey);
    await other.close();
    await t.app.inject({
      method: 'POST',
      url: REGISTER_NOTIFICATIONS_PATH,
      headers,
      payload: { data: { kind: 'webpush', subscription } },
    });
    const n = await notify(t.app.db, beto.id, { title: 'Hola', body: 'Prueba', link: null });
    await notificationWorkerOf(t.app).runOnce();
    expect(await push.messages(clientHash)).toEqual([]);
    expect((await deliveriesOf(n.id))[0]).toMatchObject({ status: 'failed' });
  });

  it('removes a device whose subscription expired (410) and sends it nothing more', async () => {
    const caro = await createUser(t.app);
    const device = await browserOf(caro);
    await push.expire(device.clientHash);
    const n = await notify(t.app.db, caro.id, { title: 'Uno', body: 'Uno', link: null });
    const run = await notificationWorkerOf(t.app).runOnce();
    expect(run.gone).toBe(1);
    expect((await deliveriesOf(n.id))[0]).toMatchObject({ status: 'gone', device_id: null });
    expect(
      await t.app.db.selectFrom('devices').select('id').where('player_id', '=', device.playerId).executeTakeFirst(),
    ).toBeUndefined();
    const later = await notify(t.app.db, caro.id, { title: 'Dos', body: 'Dos', link: null });
    expect(await deliveriesOf(later.id)).toEqual([]);
  });

  it('retries after the time a 429 asks for, and gives up after the last attempt', async () => {
    const port = await freePort();
    let calls = 0;
    const busy: Server = createServer((req, res) => {
      calls++;
      req.resume();
      res.writeHead(429, { 'retry-after': '120' }).end('slow down');
    });
    await new Promise<void>((r) => busy.listen(port, '127.0.0.1', r));
    try {
      const dani = await createUser(t.app);
      const headers = await loginAs(t.app, dani);
      const { subscription } = await browserOf(dani, headers);
      await t.app.db.deleteFrom('devices').where('user_id', '=', dani.id).execute();
      await t.app.inject({
        method: 'POST',
        url: REGISTER_NOTIFICATIONS_PATH,
        headers,
        payload: {
          data: { kind: 'webpush', subscription: { ...subscription, endpoint: `http://127.0.0.1:${port}/push/1` } },
        },
      });
      const n = await notify(t.app.db, dani.id, { title: 'Reintento', body: 'x', link: null });
      const before = Date.now();
      const run = await notificationWorkerOf(t.app).runOnce();
      expect(run.retried).toBe(1);
      expect(calls).toBe(1);
      const [row] = await deliveriesOf(n.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, locked_until: null });
      expect(Date.parse(row!.next_attempt_at)).toBeGreaterThanOrEqual(before + 119_000);
      // Not due yet: a second run leaves it alone.
      await notificationWorkerOf(t.app).runOnce();
      expect(calls).toBe(1);
      // On its last attempt it is marked failed.
      await t.app.db
        .updateTable('notification_deliveries')
        .set({ attempts: 5, next_attempt_at: new Date(0).toISOString() })
        .where('id', '=', row!.id)
        .execute();
      await notificationWorkerOf(t.app).runOnce();
      expect((await deliveriesOf(n.id))[0]).toMatchObject({ status: 'failed' });
    } finally {
      busy.close();
    }
  });

  it('delivers exactly once when the process dies between the commit and the send', async () => {
    const eva = await createUser(t.app);
    const device = await browserOf(eva);
    // The record and its outbox row commit; the process "dies" before its worker runs.
    const first = await buildApp({ config: t.config, database: t.database, logger: false });
    await first.ready();
    const n = await notify(first.db, eva.id, { title: 'Tras el reinicio', body: 'x', link: null });
    await first.close();
    expect(await push.messages(device.clientHash)).toEqual([]);

    // A new process on the same database sends it once; later runs send nothing again.
    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    await second.ready();
    try {
      await notificationWorkerOf(second).runOnce();
      await notificationWorkerOf(second).runOnce();
      await notificationWorkerOf(t.app).runOnce();
    } finally {
      await second.close();
    }
    const messages = await parsed(device.clientHash);
    expect(messages.filter((m) => m.id === n.id)).toHaveLength(1);
  });

  it('records every outcome when many sends are in flight and written in groups', async () => {
    const gil = await createUser(t.app);
    const headers = await loginAs(t.app, gil);
    const devices = [];
    for (let i = 0; i < 9; i++) devices.push(await browserOf(gil, headers));
    const n = await notify(t.app.db, gil.id, { title: 'Muchos a la vez', body: 'x', link: null });
    // Small groups and lanes, so groups are written while other sends are still out.
    const worker = createNotificationWorker({
      db: t.app.db,
      dialect: t.database.dialect,
      senders: [createWebPushSender(t.config.vapid, { allowLoopback: true })],
      mailer: t.app.mailer,
      secret: t.config.tokenSecret,
      publicUrl: t.config.publicUrl,
      concurrency: 4,
      flushEvery: 2,
      batchSize: 5,
    });
    const run = await worker.runOnce();
    expect(run.sent).toBe(9);
    expect((await deliveriesOf(n.id)).map((d) => d.status)).toEqual(Array(9).fill('sent'));
    // Nothing is left to send again, and each device got the message once.
    expect((await worker.runOnce()).sent).toBe(0);
    for (const device of devices)
      expect((await parsed(device.clientHash)).filter((m) => m.id === n.id)).toHaveLength(1);
  });

  it('sends what it claimed and keeps running when a later claim fails mid-run', async () => {
    const hugo = await createUser(t.app);
    const headers = await loginAs(t.app, hugo);
    for (let i = 0; i < 3; i++) await browserOf(hugo, headers);
    const n = await notify(t.app.db, hugo.id, { title: 'Base de datos caída', body: 'x', link: null });
    // The second claim (its UPDATE of `attempts`) fails while the lane still sends the first rows.
    let claims = 0;
    const failing = t.app.db.withPlugin({
      transformQuery(args) {
        const node = args.node as unknown as {
          kind: string;
          updates?: Array<{ column: { column: { name: string } } }>;
        };
        if (
          node.kind === 'UpdateQueryNode' &&
          node.updates?.some((u) => u.column.column.name === 'attempts') &&
          ++claims >= 2
        ) {
          throw new Error('database unavailable');
        }
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const worker = createNotificationWorker({
      db: failing,
      dialect: t.database.dialect,
      senders: [createWebPushSender(t.config.vapid, { allowLoopback: true })],
      mailer: t.app.mailer,
      secret: t.config.tokenSecret,
      publicUrl: t.config.publicUrl,
      concurrency: 1,
      batchSize: 2,
    });
    expect((await worker.runOnce()).sent).toBe(2);
    expect((await deliveriesOf(n.id)).map((d) => d.status).sort()).toEqual(['pending', 'sent', 'sent']);
    // The row the failed claim left is taken by the next run.
    expect((await notificationWorkerOf(t.app).runOnce()).sent).toBe(1);
  });

  it('takes a row back from a worker that died holding it, once its lease ends', async () => {
    const fer = await createUser(t.app);
    const device = await browserOf(fer);
    const n = await notify(t.app.db, fer.id, { title: 'Arrendado', body: 'x', link: null });
    // A crashed worker claimed it (lease in the future), then vanished.
    await t.app.db
      .updateTable('notification_deliveries')
      .set({ locked_until: new Date(Date.now() + 60_000).toISOString(), attempts: 1 })
      .where('notification_id', '=', n.id)
      .execute();
    await notificationWorkerOf(t.app).runOnce();
    expect(await push.messages(device.clientHash)).toEqual([]);
    await t.app.db
      .updateTable('notification_deliveries')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('notification_id', '=', n.id)
      .execute();
    await notificationWorkerOf(t.app).runOnce();
    expect((await parsed(device.clientHash)).map((m) => m.id)).toEqual([n.id]);
  });

  /** A worker whose Web Push sends first wait for `before` (a slow push service, or a process about to die). */
  const workerWith = (
    before: (device: PushDevice) => Promise<void>,
    options: Partial<NotificationWorkerOptions> = {},
  ) => {
    const real = createWebPushSender(t.config.vapid, { allowLoopback: true });
    const sender: PushSender = {
      kinds: real.kinds,
      send: async (device, message) => {
        await before(device);
        return real.send(device, message);
      },
      close: () => real.close?.() ?? Promise.resolve(),
    };
    return createNotificationWorker({
      db: t.app.db,
      dialect: t.database.dialect,
      senders: [sender],
      mailer: t.app.mailer,
      secret: t.config.tokenSecret,
      publicUrl: t.config.publicUrl,
      ...options,
    });
  };
  const until = async (check: () => Promise<boolean>, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  };

  it('gives a row claimed by a worker that died back to another worker within 15 s', async () => {
    const gus = await createUser(t.app);
    const device = await browserOf(gus);
    const n = await notify(t.app.db, gus.id, { title: 'Caída a mitad de envío', body: 'x', link: null });
    // The first worker claims the row and "dies" in the send: the row stays claimed, unsent.
    const dying = workerWith(() => Promise.reject(new Error('process killed')));
    await dying.runOnce();
    const [claimed] = await deliveriesOf(n.id);
    expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(claimed!.locked_until!) - Date.now()).toBeLessThanOrEqual(15_000);
    // Another worker, 15 s later, takes it and sends it.
    const later = workerWith(() => Promise.resolve(), { now: () => new Date(Date.now() + 15_000) });
    await later.runOnce();
    expect((await deliveriesOf(n.id)).map((d) => d.status)).toEqual(['sent']);
    expect((await parsed(device.clientHash)).map((m) => m.id)).toEqual([n.id]);
  });

  it('keeps renewing the lease of a row it is still sending, so no other worker takes it', async () => {
    const iris = await createUser(t.app);
    const device = await browserOf(iris);
    const n = await notify(t.app.db, iris.id, { title: 'Servicio lento', body: 'x', link: null });
    // A push service that takes 1.5 s to answer, against a lease of 300 ms.
    const slow = workerWith(() => new Promise((r) => setTimeout(r, 1500)), { leaseMs: 300 });
    const run = slow.runOnce();
    expect(await until(async () => (await deliveriesOf(n.id))[0]!.attempts === 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 800));
    // Past two leases, another worker finds the row still held.
    await workerWith(() => Promise.resolve()).runOnce();
    expect((await run).sent).toBe(1);
    expect((await deliveriesOf(n.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await parsed(device.clientHash)).filter((m) => m.id === n.id)).toHaveLength(1);
  });

  it('commits a sent mark as its answer comes, while other sends of the batch are still out', async () => {
    const juan = await createUser(t.app);
    const headers = await loginAs(t.app, juan);
    const quick = await browserOf(juan, headers);
    const held = await browserOf(juan, headers);
    const n = await notify(t.app.db, juan.id, { title: 'Marcas a medida', body: 'x', link: null });
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const worker = workerWith((device) => (device.endpoint === held.subscription.endpoint ? gate : Promise.resolve()), {
      concurrency: 2,
    });
    const run = worker.runOnce();
    try {
      const rows = async () =>
        await t.app.db
          .selectFrom('notification_deliveries as d')
          .innerJoin('devices as dev', 'dev.id', 'd.device_id')
          .select(['dev.endpoint', 'd.status'])
          .where('d.notification_id', '=', n.id)
          .execute();
      const quickSent = await until(
        async () => (await rows()).some((r) => r.endpoint === quick.subscription.endpoint && r.status === 'sent'),
        30_000,
      );
      expect(quickSent).toBe(true);
      expect((await rows()).find((r) => r.endpoint === held.subscription.endpoint)?.status).toBe('pending');
      // What a crash now would send twice: the one send still out.
      expect(worker.inFlight()).toBe(1);
    } finally {
      release();
    }
    expect((await run).sent).toBe(2);
    expect(worker.inFlight()).toBe(0);
    expect((await deliveriesOf(n.id)).map((d) => d.status)).toEqual(['sent', 'sent']);
  });
});

describe('preferences and quiet hours', () => {
  it('sends no push for a kind turned off, and still lists the record', async () => {
    const gabi = await createUser(t.app);
    const headers = await loginAs(t.app, gabi);
    const device = await browserOf(gabi, headers);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/back/api/v1/notifications/preferences',
      headers,
      payload: { items: [{ kind: 'request', push: false, email: false }] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.items.find((i: { kind: string }) => i.kind === 'request')).toEqual({
      kind: 'request',
      push: false,
      email: false,
    });
    expect(put.json().data.quiet_hours).toEqual({ enabled: false, start: '21:00', end: '07:00' });

    const n = await notify(t.app.db, gabi.id, {
      title: 'Solicitud #9 programada',
      body: 'x',
      link: '/app/tabs/request/9',
    });
    await notificationWorkerOf(t.app).runOnce();
    expect(await push.messages(device.clientHash)).toEqual([]);
    const list = await t.app.inject({
      method: 'POST',
      url: GET_NOTIFICATIONS_BY_USER_PATH,
      headers,
      payload: { data: {} },
    });
    expect(list.json().data.items.map((i: { id: number }) => i.id)).toContain(n.id);
  });

  it('holds pushes by the default quiet hours (21:00–07:00 Bogotá) for a user who never set them', async () => {
    const lina = await createUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: REGISTER_NOTIFICATIONS_PATH,
      headers: await loginAs(t.app, lina),
      payload: {
        data: { kind: 'webpush', subscription: (await push.subscribe(t.config.vapid.publicKey)).subscription },
      },
    });
    const before = heldUntil(new Date()).getTime();
    const n = await notify(t.app.db, lina.id, { title: 'Por defecto', body: 'x', link: null });
    const after = heldUntil(new Date()).getTime();
    const at = Date.parse((await deliveriesOf(n.id))[0]!.next_attempt_at);
    expect(at).toBeGreaterThanOrEqual(Math.min(before, after) - 1000);
    expect(at).toBeLessThanOrEqual(Math.max(before, after) + 1000);
  });

  it('holds a push written in quiet hours until they end', async () => {
    const hugo = await createUser(t.app);
    const headers = await loginAs(t.app, hugo);
    const device = await browserOf(hugo, headers);
    // A window covering the whole day except one minute from now on, so "now" is always inside.
    await t.app.inject({
      method: 'PUT',
      url: '/back/api/v1/notifications/preferences',
      headers,
      payload: { quiet_hours: { enabled: true, start: '00:00', end: '23:59' } },
    });
    const n = await notify(t.app.db, hugo.id, { title: 'Silencio', body: 'x', link: null });
    const [row] = await deliveriesOf(n.id);
    const bogotaNow = new Date(Date.now() - 5 * 3600_000);
    if (bogotaNow.getUTCHours() * 60 + bogotaNow.getUTCMinutes() < 23 * 60 + 59) {
      expect(Date.parse(row!.next_attempt_at)).toBeGreaterThan(Date.now());
      await notificationWorkerOf(t.app).runOnce();
      expect(await push.messages(device.clientHash)).toEqual([]);
    }
  });

  it('e-mails the kinds the user asked for by e-mail', async () => {
    const ines = await createUser(t.app);
    const headers = await loginAs(t.app, ines);
    await t.app.inject({
      method: 'PUT',
      url: '/back/api/v1/notifications/preferences',
      headers,
      payload: { items: [{ kind: 'pqr', push: true, email: true }] },
    });
    await notify(t.app.db, ines.id, {
      kind: 'pqr',
      title: 'Tu PQR fue respondida',
      body: 'Lee la respuesta.',
      link: '/help?radicado=PQR-2026-000001',
    });
    await notificationWorkerOf(t.app).runOnce();
    // The instance's own worker may have taken the notification first: wait for its e-mail.
    const mail = await vi.waitFor(async () => {
      await t.app.mailer.idle();
      const found = (await t.app.mailer.outbox()).find((m) => m.to === ines.email);
      if (!found) throw new Error('not in the outbox yet');
      return found;
    });
    expect(mail).toMatchObject({ subject: 'Tu PQR fue respondida' });
    expect(mail?.text).toContain('/help?radicado=PQR-2026-000001');
  });

  it('rejects a quiet-hours time that is not HH:MM, naming the field', async () => {
    const headers = await loginAs(t.app, await createUser(t.app));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/back/api/v1/notifications/preferences',
      headers,
      payload: { quiet_hours: { enabled: true, start: '9 pm', end: '07:00' } },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toContain('quiet_hours.start');
  });
});

describe('the spec’s notification calls', () => {
  it('get-notifications-by-user pages my notifications with the unread count', async () => {
    const juan = await createUser(t.app);
    const headers = await loginAs(t.app, juan);
    for (const title of ['A', 'B', 'C']) await notify(t.app.db, juan.id, { title, body: title, link: null });
    const res = await t.app.inject({
      method: 'POST',
      url: GET_NOTIFICATIONS_BY_USER_PATH,
      headers,
      payload: { data: { page: 1, page_size: 2 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 3, unread_count: 3, page_size: 2 });
    expect(res.json().data.items.map((i: { title: string }) => i.title)).toEqual(['C', 'B']);
  });

  it('answers 401 before looking at the body, and 403 to non-staff on get-notifications', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: GET_NOTIFICATIONS_BY_USER_PATH, payload: { data: { page: 'x' } } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: GET_NOTIFICATIONS_PATH, payload: { data: { kind: 'nope' } } }))
        .statusCode,
    ).toBe(401);
    const headers = await loginAs(t.app, await createUser(t.app));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: GET_NOTIFICATIONS_PATH,
          headers,
          payload: { data: { kind: 'nope' } },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('staff broadcasts', () => {
  it('sends to one kind of user, counts deliveries and clicks, and reports them in get-notifications', async () => {
    const admin = await createUser(t.app, { is_admin: true });
    const adminHeaders = await loginAs(t.app, admin);
    const manager = await createUser(t.app, { tc_id: 1 });
    const household = await createUser(t.app, { tc_id: 2, city: 'Envigado' });
    const managerDevice = await browserOf(manager);
    const householdDevice = await browserOf(household);

    const res = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/admin/broadcasts',
      headers: adminHeaders,
      payload: {
        title: 'Jornada de reciclaje',
        body: 'Este sábado en el parque.',
        link: '/campaign',
        audience: { type: 'city', city: 'envigado' },
      },
    });
    expect(res.statusCode).toBe(201);
    const broadcast = res.json().data;
    expect(broadcast).toMatchObject({ status: 'sent', recipients: 1, audience: { type: 'city', city: 'envigado' } });

    await notificationWorkerOf(t.app).runOnce();
    expect(await push.messages(managerDevice.clientHash)).toEqual([]);
    const [message] = await parsed(householdDevice.clientHash);
    expect(message).toMatchObject({ kind: 'broadcast', title: 'Jornada de reciclaje', link: '/campaign' });

    // The person taps the system notification: the service worker reports it.
    const click = await t.app.inject({ method: 'POST', url: PUSH_CLICK_PATH, payload: { token: message!.click } });
    expect(click.statusCode).toBe(204);
    const forged = await t.app.inject({
      method: 'POST',
      url: PUSH_CLICK_PATH,
      payload: { token: `${String(message!.click).split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA` },
    });
    expect(forged.statusCode).toBe(404);

    const shown = await t.app.inject({
      method: 'GET',
      url: `/back/api/v1/admin/broadcasts/${broadcast.id}`,
      headers: adminHeaders,
    });
    expect(shown.json().data.figures).toEqual({ queued: 1, delivered: 1, failed: 0, clicked: 1, pending: 0 });
    const report = await t.app.inject({
      method: 'POST',
      url: GET_NOTIFICATIONS_PATH,
      headers: adminHeaders,
      payload: { data: { audience: 'city' } },
    });
    expect(report.statusCode).toBe(200);
    expect(report.json().data.broadcasts.items[0]).toMatchObject({
      id: broadcast.id,
      figures: { delivered: 1, clicked: 1 },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/back/api/v1/notifications',
      headers: await loginAs(t.app, household),
    });
    expect(list.json().data.items[0]).toMatchObject({ kind: 'broadcast', read_at: expect.any(String) });
  });

  it('keeps a scheduled broadcast until its time, and can cancel it', async () => {
    const adminHeaders = await loginAs(t.app, await createUser(t.app, { is_admin: true }));
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/admin/broadcasts',
      headers: adminHeaders,
      payload: { title: 'Mañana', body: 'Programado', audience: { type: 'tc_id', tc_id: 3 }, send_at: sendAt },
    });
    expect(res.json().data).toMatchObject({ status: 'scheduled', recipients: 0 });
    await notificationWorkerOf(t.app).runOnce();
    const id = res.json().data.id as number;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/back/api/v1/admin/broadcasts/${id}/cancel`,
      headers: adminHeaders,
    });
    expect(cancelled.json().data.status).toBe('cancelled');
    const again = await t.app.inject({
      method: 'POST',
      url: `/back/api/v1/admin/broadcasts/${id}/cancel`,
      headers: adminHeaders,
    });
    expect(again.statusCode).toBe(409);
  });

  it('shows a broadcast at once on the open pages of its recipients, each with their own record', async () => {
    const adminHeaders = await loginAs(t.app, await createUser(t.app, { is_admin: true }));
    const city = `Itagüí ${Date.now()}`;
    const reader = await createUser(t.app, { tc_id: 2, city });
    const readerHeaders = await loginAs(t.app, reader);
    const base = await listenLocal(t.app);
    const ticket = (
      await t.app.inject({ method: 'POST', url: '/back/api/v1/events/ticket', headers: readerHeaders })
    ).json().data.url as string;
    const stream = await openSse(base + ticket);
    try {
      await stream.next('ready');
      const res = await t.app.inject({
        method: 'POST',
        url: '/back/api/v1/admin/broadcasts',
        headers: adminHeaders,
        payload: {
          title: 'Punto cerrado el lunes',
          body: 'Festivo: abrimos el martes.',
          link: '/home',
          audience: { type: 'city', city },
        },
      });
      expect(res.statusCode).toBe(201);
      const live = await stream.next('notification.created');
      const mine = (
        await t.app.inject({ method: 'GET', url: '/back/api/v1/notifications', headers: readerHeaders })
      ).json().data.items[0];
      expect(live.data).toEqual({
        type: 'notification.created',
        notification_id: mine.id,
        title: 'Punto cerrado el lunes',
        body: 'Festivo: abrimos el martes.',
        link: '/home',
      });
    } finally {
      stream.close();
    }
  });

  it('says how many a broadcast would reach before it is sent: accounts, and devices that get the push', async () => {
    const adminHeaders = await loginAs(t.app, await createUser(t.app, { is_admin: true }));
    const city = `Sabaneta ${Date.now()}`;
    const withPush = await createUser(t.app, { tc_id: 2, city });
    await browserOf(withPush);
    await browserOf(withPush);
    const optedOut = await createUser(t.app, { tc_id: 3, city });
    const optedOutHeaders = await loginAs(t.app, optedOut);
    await browserOf(optedOut, optedOutHeaders);
    await t.app.inject({
      method: 'PUT',
      url: '/back/api/v1/notifications/preferences',
      headers: optedOutHeaders,
      payload: { items: [{ kind: 'broadcast', push: false, email: false }] },
    });
    await createUser(t.app, { tc_id: 2, city });
    await createUser(t.app, { is_admin: true, city });

    const size = async (query: string) =>
      t.app.inject({ method: 'GET', url: `${BROADCAST_AUDIENCE_PATH}?${query}`, headers: adminHeaders });
    const byCity = await size(`type=city&city=${encodeURIComponent(city.toUpperCase())}`);
    expect(byCity.statusCode).toBe(200);
    expect(byCity.json().data).toEqual({ users: 3, push_devices: 2 });
    const missing = await size('type=tc_id');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('tc_id');
  });

  it('is for staff only', async () => {
    const headers = await loginAs(t.app, await createUser(t.app));
    const res = await t.app.inject({ method: 'POST', url: '/back/api/v1/admin/broadcasts', headers, payload: {} });
    expect(res.statusCode).toBe(403);
  });
});
