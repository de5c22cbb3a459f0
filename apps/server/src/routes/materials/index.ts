import { ZMaterialsResponse, MATERIALS_PATH } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listMaterials } from '../../features/materials/materials.service.js';
import { PUBLIC_LIST_CACHE } from '../../plugins/http-conventions.js';
import materialsAdminRoutes from './admin.js';

/** The public materials catalogue, and its edits in the back office. */
export default async function materialsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    MATERIALS_PATH,
    {
      config: { cacheControl: PUBLIC_LIST_CACHE },
      schema: {
        tags: ['points'],
        operationId: 'materials.list',
        summary: 'Catálogo de materiales (colores de caneca de la Resolución 2184 de 2019)',
        response: { 200: ZMaterialsResponse },
      },
    },
    async () => ({ data: await listMaterials(app.db) }),
  );

  // The back office's edits: admins only.
  await fastify.register(materialsAdminRoutes);
}
