import { ZHealthResponse } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const startedAt = Date.now();

export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/back/api/health',
    {
      // A few hundred bytes: compressing would cost more than it saves on the hottest probe.
      compress: false,
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio y de la base de datos',
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      let reachable = true;
      let latency: number | null = null;
      try {
        latency = await app.database.ping();
      } catch (err) {
        reachable = false;
        app.log.error({ err }, 'database unreachable');
      }
      reply.header('cache-control', 'no-store');
      return reply.code(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        database: { dialect: app.database.dialect, reachable, latency_ms: latency },
        version: '0.1.0',
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
      });
    },
  );
}
