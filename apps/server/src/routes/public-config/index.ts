import { PUBLIC_CONFIG_PATH, ZPublicConfigResponse } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigOf } from '../../features/public-config/public-config.service.js';

/** Public, non-secret settings the web app reads at start (demo banner, map tiles, the brand). */
export default async function publicConfigRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    PUBLIC_CONFIG_PATH,
    {
      schema: {
        tags: ['config'],
        operationId: 'config.get',
        summary: 'Configuración pública de la app: modo demostración, plantilla de teselas del mapa y marca del esquema',
        response: { 200: ZPublicConfigResponse },
      },
    },
    async (_request, reply) => {
      // The brand changes from the back office: revalidated on every use (the ETag makes that a 304).
      reply.header('cache-control', 'no-cache');
      return { data: publicConfigOf(app.config, await app.branding.fresh()) };
    },
  );
}
