import {
  ZNotificationIdParams,
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZNotificationResponse,
  ZNotificationsReadAllResponse,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportNotificationsOfUser,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../features/notifications/notifications.service.js';
import { requireUser } from '../../plugins/auth.js';

const TAGS = ['notifications'];

/** The caller's in-app notifications (issue 7). */
export default async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.identity.registerPersonalDataSection('notifications', (db, userId) => exportNotificationsOfUser(db, userId));

  r.get(
    '/back/api/v1/notifications',
    {
      schema: {
        tags: TAGS,
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
    '/back/api/v1/notifications/:id/read',
    {
      schema: {
        tags: TAGS,
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
    '/back/api/v1/notifications/read-all',
    {
      schema: {
        tags: TAGS,
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
