import { PUBLIC_CONFIG_PATH, ZPublicConfigResponse } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigOf } from '../../features/public-config/public-config.service.js';

/** Public, non-secret settings the web app reads at start (demo banner, map tiles). */
export default async function publicConfigRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    PUBLIC_CONFIG_PATH,
    {
      schema: {
        tags: ['config'],
        operationId: 'config.get',
        summary: 'Configuración pública de la app: modo demostración y plantilla de teselas del mapa',
        response: { 200: ZPublicConfigResponse },
      },
    },
    async (_request, reply) => {
      // Short cache: it only changes with a server restart.
      reply.header('cache-control', 'public, max-age=300');
      return { data: publicConfigOf(app.config) };
    },
  );
}
