import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /back/api/metrics for Prometheus, behind METRICS_TOKEN. Anyone else (no token configured,
 * none sent, a wrong one) gets the 404 of an unknown route: the route does not admit it exists.
 */
export default async function metricsRoutes(app: FastifyInstance) {
  const { metricsToken } = app.config;
  // Digests of equal length: the comparison takes the same time whatever the caller sent.
  const expected = metricsToken ? digest(metricsToken) : null;
  const authorized = (header: string | undefined) => {
    const token = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    return Boolean(expected && token && timingSafeEqual(digest(token), expected));
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/back/api/metrics',
    {
      // Public to the session check: the bearer token here is METRICS_TOKEN, not a session.
      config: { auth: 'public', ownBearer: true },
      schema: {
        tags: ['health'],
        operationId: 'health.metrics',
        summary: 'Métricas para Prometheus (formato de texto)',
        description:
          'Solo con METRICS_TOKEN configurado y enviado como `Authorization: Bearer <token>`; si no, 404 como cualquier ruta desconocida. Peticiones y latencia por ruta y estado, rechazos 429, retraso del event loop, pool de PostgreSQL, cola y resultados del envío de notificaciones, retraso del outbox.',
        security: [{ metricsToken: [] }],
        produces: ['text/plain'],
        response: { 200: z.string().describe('Prometheus text exposition format 0.0.4') },
      },
    },
    async (request, reply) => {
      if (!authorized(request.headers.authorization)) return reply.callNotFound();
      const body = await app.metrics.registry.metrics();
      return reply.type(app.metrics.registry.contentType).header('cache-control', 'no-store').send(body);
    },
  );
}
