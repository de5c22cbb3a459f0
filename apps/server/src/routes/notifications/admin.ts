import {
  BROADCAST_AUDIENCE_PATH,
  BROADCASTS_PATH,
  GET_NOTIFICATIONS_PATH,
  ZBroadcastAudienceQuery,
  ZBroadcastAudienceSizeResponse,
  ZBroadcastResponse,
  ZCreateBroadcast,
  ZGetNotificationsRequest,
  ZSentNotificationsResponse,
  type BroadcastAudience,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotificationWorker } from '../../features/notifications/notification-worker.js';
import * as push from '../../features/notifications/push.service.js';
import { AppError } from '../../lib/app-error.js';
import { requireAdmin } from '../../plugins/auth.js';

const TAGS = ['admin'];
const security = [{ bearer: [] }];
const ZBroadcastIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Staff side of notifications (the back office's "Envíos masivos"): the spec's
 * `get-notifications` report, and broadcasts — size of an audience, send now or at a time,
 * follow one's delivery figures, cancel one not yet sent. Every route refuses non-staff before
 * reading the body.
 */
export default async function notificationsAdminRoutes(app: FastifyInstance, options: { worker: NotificationWorker }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = async (request: FastifyRequest) => {
    requireAdmin(request);
  };

  r.post(
    GET_NOTIFICATIONS_PATH,
    {
      config: { auth: 'admin' },
      onRequest: adminOnly,
      schema: {
        tags: ['notifications'],
        operationId: 'adminBroadcasts.legacyList',
        summary: 'Personal: notificaciones enviadas por tipo y los envíos masivos, con sus cifras de entrega (filtros: tipo, audiencia, fechas)',
        security,
        body: ZGetNotificationsRequest,
        response: { 200: ZSentNotificationsResponse },
      },
    },
    async (request) => ({ data: await push.sentNotificationsReport(app.db, request.body.data) }),
  );

  r.get(
    BROADCAST_AUDIENCE_PATH,
    {
      config: { auth: 'admin' },
      onRequest: adminOnly,
      schema: {
        tags: TAGS,
        operationId: 'adminBroadcasts.audience',
        summary: 'A cuántas cuentas y dispositivos llegaría hoy un envío masivo a esta audiencia',
        security,
        querystring: ZBroadcastAudienceQuery,
        response: { 200: ZBroadcastAudienceSizeResponse },
      },
    },
    async (request) => {
      const q = request.query;
      let audience: BroadcastAudience;
      if (q.type === 'tc_id') {
        if (q.tc_id === undefined) throw AppError.field('validation-failed', 'tc_id', 'Elige el tipo de usuario.');
        audience = { type: 'tc_id', tc_id: q.tc_id as 1 | 2 | 3 };
      } else if (q.type === 'city') {
        if (!q.city) throw AppError.field('validation-failed', 'city', 'Escribe la ciudad.');
        audience = { type: 'city', city: q.city };
      } else {
        audience = { type: 'all' };
      }
      return { data: await push.audienceSize(app.db, audience) };
    },
  );

  r.post(
    BROADCASTS_PATH,
    {
      config: { auth: 'admin' },
      onRequest: adminOnly,
      schema: {
        tags: TAGS,
        operationId: 'adminBroadcasts.create',
        summary: 'Envío masivo: a todos, por tipo de usuario o por ciudad; ahora o programado (send_at)',
        security,
        body: ZCreateBroadcast,
        response: { 201: ZBroadcastResponse },
      },
    },
    async (request, reply) => {
      const staff = requireAdmin(request);
      const broadcast = await push.createBroadcast(app.db, request.body, staff.id);
      options.worker.kick();
      if (broadcast.status === 'sent') {
        await push.announceBroadcast(app.db, broadcast.id, (ids, event) => app.realtime.publish(ids, event)).catch((err: unknown) => request.log.warn({ err }, 'could not announce a broadcast'));
      }
      return reply.code(201).send({ data: broadcast });
    },
  );

  r.get(
    `${BROADCASTS_PATH}/:id`,
    {
      config: { auth: 'admin' },
      onRequest: adminOnly,
      schema: { tags: TAGS, operationId: 'adminBroadcasts.get', summary: 'Un envío masivo con sus cifras de entrega', security, params: ZBroadcastIdParams, response: { 200: ZBroadcastResponse } },
    },
    async (request) => ({ data: await push.getBroadcast(app.db, request.params.id) }),
  );

  r.post(
    `${BROADCASTS_PATH}/:id/cancel`,
    {
      config: { auth: 'admin' },
      onRequest: adminOnly,
      schema: { tags: TAGS, operationId: 'adminBroadcasts.cancel', summary: 'Cancela un envío programado que aún no sale', security, params: ZBroadcastIdParams, response: { 200: ZBroadcastResponse } },
    },
    async (request) => ({ data: await push.cancelBroadcast(app.db, request.params.id) }),
  );
}
