import { ZAlly, ZAllyList, ZAllyListQuery, ZId, dataOf, ALLIES_PATH } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAlly, getAllyList } from '../../features/allies/allies.service.js';
import alliesAdminRoutes from './admin.js';
import { PUBLIC_LIST_CACHE } from '../../plugins/http-conventions.js';

/** Public reads of allies and adhered members. */
export default async function alliesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    ALLIES_PATH,
    {
      config: { cacheControl: PUBLIC_LIST_CACHE },
      schema: {
        tags: ['allies'],
        operationId: 'allies.list',
        summary: 'Aliados y adheridos publicados; filtros por tipo, categoría y texto',
        querystring: ZAllyListQuery,
        response: { 200: dataOf(ZAllyList) },
      },
    },
    async (request) => ({ data: await getAllyList(app.db, request.query) }),
  );

  r.get(
    `${ALLIES_PATH}/:id`,
    {
      config: { cacheControl: PUBLIC_LIST_CACHE },
      schema: {
        tags: ['allies'],
        operationId: 'allies.get',
        summary: 'Un aliado o adherido publicado',
        params: z.object({ id: ZId }),
        response: { 200: dataOf(ZAlly) },
      },
    },
    async (request) => ({ data: await getAlly(app.db, request.params.id) }),
  );

  // The back office's edits: admins only.
  await app.register(alliesAdminRoutes);
}
