import {
  GET_NOTIFICATIONS_BY_USER_PATH,
  NOTIFICATION_PREFERENCES_PATH,
  PUSH_CLICK_PATH,
  PUSH_KEY_PATH,
  REGISTER_NOTIFICATIONS_PATH,
  ZGetNotificationsByUserRequest,
  ZNotificationPreferencesResponse,
  ZPushClickRequest,
  ZPushKeyResponse,
  ZRegisterNotificationsRequest,
  ZRegisterNotificationsResponse,
  ZUpdateNotificationPreferences,
  ZNotificationIdParams,
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZNotificationResponse,
  ZNotificationsReadAllResponse,
  NOTIFICATIONS_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { realtimeOf } from '../../features/realtime/realtime.plugin.js';
import { createFcmSender } from '../../features/notifications/fcm-sender.js';
import { registerNotificationMetrics } from '../../features/notifications/notification-metrics.js';
import { createNotificationWorker, type NotificationWorker } from '../../features/notifications/notification-worker.js';
import * as push from '../../features/notifications/push.service.js';
import type { PushSender } from '../../features/notifications/push-sender.js';
import { createWebPushSender } from '../../features/notifications/web-push-sender.js';
import {
  exportNotificationsOfUser,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../features/notifications/notifications.service.js';
import { requireUser } from '../../plugins/auth.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';
import notificationsAdminRoutes from './admin.js';

const TAGS = ['notifications'];
const security = [{ bearer: [] }];

/** The delivery worker of an app (tests and benchmarks drive it with runOnce). */
const workers = new WeakMap<object, NotificationWorker>();
export function notificationWorkerOf(app: FastifyInstance): NotificationWorker {
  const worker = workers.get(app.config);
  if (!worker) throw new Error('the notifications routes are not registered');
  return worker;
}

/** Registrations per hour: per account, or per IP before signing in. */
const REGISTER_LIMIT = { anonymous: 20, user: 60, windowMs: 60 * 60 * 1000 };

async function limitRegistrations(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const key = request.user ? `push-register:u:${request.user.id}` : `push-register:ip:${request.ip}`;
  const max = request.user ? REGISTER_LIMIT.user : REGISTER_LIMIT.anonymous * app.config.ipRateLimitFactor;
  await enforceRateLimit(app.rateLimiter, key, max, REGISTER_LIMIT.windowMs, reply);
}

/**
 * The caller's notifications, the spec's notification calls, push devices, preferences and
 * staff broadcasts; and the worker that delivers them (one per instance).
 */
export default async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.identity.registerPersonalDataSection('notifications', (db, userId) => exportNotificationsOfUser(db, userId));

  const allowLoopback = app.config.pushAllowLoopback;
  const senders: PushSender[] = [createWebPushSender(app.config.vapid, { allowLoopback })];
  if (app.config.fcm) senders.push(createFcmSender(app.config.fcm, { allowLoopback }));
  const bus = realtimeOf(app);
  const metrics = app.metrics.enabled ? registerNotificationMetrics(app.metrics.registry, { db: app.db, log: app.log }) : null;
  const worker = createNotificationWorker({
    db: app.db,
    dialect: app.database.dialect,
    senders,
    mailer: app.mailer,
    secret: app.config.tokenSecret,
    publicUrl: app.config.publicUrl,
    log: app.log,
    branding: () => app.branding.current(),
    publish: (userIds, event) => bus.publish(userIds, event),
    pollMs: app.config.notificationPollMs,
    maxPerSecond: app.config.pushMaxPerSecond,
    onOutcome: metrics?.countOutcome,
  });
  workers.set(app.config, worker);
  if (app.config.notificationWorker) {
    app.addHook('onReady', async () => worker.start());
  }
  app.addHook('onClose', async () => {
    await worker.stop();
    for (const sender of senders) await sender.close?.();
  });

  // ---- the spec's calls ----

  r.post(
    REGISTER_NOTIFICATIONS_PATH,
    {
      onRequest: async (request, reply) => limitRegistrations(app, request, reply),
      config: { rateLimited: true },
      schema: {
        tags: TAGS,
        operationId: 'notifications.registerDevice',
        summary:
          'Registra este dispositivo para notificaciones push (suscripción Web Push o token FCM/APNs). Idempotente; responde el player_id que la app envía como playerId en clientes/login. Con sesión, lo enlaza de una vez.',
        body: ZRegisterNotificationsRequest,
        response: { 200: ZRegisterNotificationsResponse },
      },
    },
    async (request) => {
      const caller = request.user ? { userId: request.user.id, sessionId: request.user.session_id } : null;
      return {
        data: await push.registerDevice(app.db, request.body.data, caller, {
          userAgent: request.headers['user-agent'] ?? null,
          allowLoopbackEndpoints: app.config.pushAllowLoopback,
          resolveHost: app.resolveHost,
        }),
      };
    },
  );

  r.post(
    GET_NOTIFICATIONS_BY_USER_PATH,
    {
      onRequest: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: TAGS,
        operationId: 'notifications.legacyListMine',
        summary: 'Mis notificaciones, de la más reciente a la más antigua, por páginas, con el número de no leídas',
        security,
        body: ZGetNotificationsByUserRequest,
        response: { 200: ZNotificationListResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await listNotifications(app.db, user.id, request.body.data) };
    },
  );

  // ---- push keys, preferences, clicks ----

  r.get(
    PUSH_KEY_PATH,
    { schema: { tags: TAGS, operationId: 'notifications.getPushKey', summary: 'La clave pública VAPID con la que el navegador se suscribe', response: { 200: ZPushKeyResponse } } },
    async () => ({ data: { public_key: app.config.vapid.publicKey, fcm: app.config.fcm !== undefined } }),
  );

  r.get(
    NOTIFICATION_PREFERENCES_PATH,
    {
      onRequest: async (request) => {
        requireUser(request);
      },
      schema: { tags: TAGS, operationId: 'notifications.getPreferences', summary: 'Mis preferencias: canales por tipo de aviso y horas de silencio', security, response: { 200: ZNotificationPreferencesResponse } },
    },
    async (request) => ({ data: await push.getPreferences(app.db, requireUser(request).id) }),
  );

  r.put(
    NOTIFICATION_PREFERENCES_PATH,
    {
      onRequest: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: TAGS,
        operationId: 'notifications.updatePreferences',
        summary: 'Cambia mis preferencias (solo lo enviado)',
        security,
        body: ZUpdateNotificationPreferences,
        response: { 200: ZNotificationPreferencesResponse },
      },
    },
    async (request) => ({ data: await push.updatePreferences(app.db, requireUser(request).id, request.body) }),
  );

  r.post(
    PUSH_CLICK_PATH,
    {
      schema: {
        tags: TAGS,
        operationId: 'notifications.recordPushClick',
        summary: 'El service worker informa un clic en una notificación del sistema (token firmado que trae el push)',
        body: ZPushClickRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await push.recordClick(app.db, app.config.tokenSecret, request.body.token);
      return reply.code(204).send(null);
    },
  );

  await app.register(notificationsAdminRoutes, { worker });

  r.get(
    NOTIFICATIONS_PATH,
    {
      schema: {
        tags: TAGS,
        operationId: 'notifications.list',
        summary: 'Mis notificaciones, de la más reciente a la más antigua (unread=true: solo las no leídas)',
        security: [{ bearer: [] }],
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationListResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await listNotifications(app.db, user.id, request.query) };
    },
  );

  r.post(
    `${NOTIFICATIONS_PATH}/:id/read`,
    {
      schema: {
        tags: TAGS,
        operationId: 'notifications.markRead',
        summary: 'Marca una de mis notificaciones como leída',
        security: [{ bearer: [] }],
        params: ZNotificationIdParams,
        response: { 200: ZNotificationResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await markNotificationRead(app.db, user.id, request.params.id) };
    },
  );

  r.post(
    `${NOTIFICATIONS_PATH}/read-all`,
    {
      schema: {
        tags: TAGS,
        operationId: 'notifications.markAllRead',
        summary: 'Marca todas mis notificaciones como leídas',
        security: [{ bearer: [] }],
        response: { 200: ZNotificationsReadAllResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: { updated: await markAllNotificationsRead(app.db, user.id) } };
    },
  );
}
