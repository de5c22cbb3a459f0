import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDueFollowUps } from '../../features/reports/report-follow-up.service.js';
import { reportsDeps } from './deps.js';

/**
 * Sends the follow-ups as if `days` had passed, so a journey can reach the "¿Se resolvió?"
 * e-mail without waiting a week. Registered by the dev routes, behind their guard.
 */
export async function reportsDevRoutes(app: FastifyInstance) {
  if (app.mailer.mode !== 'outbox') return;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/back/api/dev/reports/follow-ups',
    { schema: { hide: true, querystring: z.object({ days: z.coerce.number().int().min(0).max(60).default(8) }) } },
    async (request) => {
      const now = new Date(Date.now() + request.query.days * 24 * 3600 * 1000);
      return { data: { sent: await sendDueFollowUps(reportsDeps(app), now) } };
    },
  );
}
