import { ZMaterialSearchQuery, ZMaterialSearchResponse, MATERIAL_SEARCH_PATH } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchWhereToRecycle } from '../../features/where-to-recycle/where-to-recycle.service.js';
import { PUBLIC_LIST_CACHE } from '../../plugins/http-conventions.js';

/** "¿Dónde reciclo...?": one dictionary for the map search, Ayuda and the mobile apps. */
export default async function whereToRecycleRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    MATERIAL_SEARCH_PATH,
    {
      config: { cacheControl: PUBLIC_LIST_CACHE },
      schema: {
        tags: ['points'],
        operationId: 'whereToRecycle.search',
        summary:
          '¿Dónde reciclo...? Busca una palabra cotidiana (chuspa, tetrapak, icopor...) y dice en qué caneca va o si va a un punto posconsumo',
        querystring: ZMaterialSearchQuery,
        response: { 200: ZMaterialSearchResponse },
      },
    },
    // The dictionary changes only with a deploy or a catalogue edit.
    async (request) => ({ data: await searchWhereToRecycle(app.db, request.query.q) }),
  );
}
