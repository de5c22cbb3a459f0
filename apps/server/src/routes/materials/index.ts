import { ZMaterialsResponse } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listMaterials } from '../../features/materials/materials.service.js';
import { makeBody, sendBody } from '../points/cached-json.js';
import materialsAdminRoutes from './admin.js';

/** How long browsers may use the materials catalogue before revalidating it. */
export const MATERIALS_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=86400';

/** The public materials catalogue, and its edits in the back office. */
export default async function materialsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/back/api/v1/materials',
    {
      schema: {
        tags: ['points'],
        operationId: 'materials.list',
        summary: 'Catálogo de materiales (colores de caneca de la Resolución 2184 de 2019)',
        response: { 200: ZMaterialsResponse },
      },
    },
    async (request, reply) => {
      const data = await listMaterials(app.db);
      // Admins rename and add materials (back office): browsers use their copy for a minute, then
      // show it while they revalidate with the ETag (a 304 when nothing changed), so an edit
      // reaches every open app within about a minute instead of an hour.
      return sendBody(request, reply, { key: null, body: makeBody(JSON.stringify({ data })) }, MATERIALS_CACHE_CONTROL);
    },
  );

  // The back office's edits: admins only.
  await fastify.register(materialsAdminRoutes);
}
