import {
  ZAlly,
  ZAllyList,
  ZAllyListQuery,
  ZAllyPointOfSale,
  ZAllyPointOfSaleInput,
  ZAllyPointOfSaleList,
  ZId,
  dataOf,
  ALLIES_PATH,
  MY_ALLY_POINTS_OF_SALE_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPointOfSale,
  deletePointOfSale,
  getAlly,
  getAllyList,
  getPointsOfSale,
  updatePointOfSale,
} from '../../features/allies/allies.service.js';
import { requireAllyStaff } from '../../features/rewards/rewards.service.js';
import { requireUser } from '../../plugins/auth.js';
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

  r.get(
    `${ALLIES_PATH}/:id/points-of-sale`,
    {
      config: { cacheControl: PUBLIC_LIST_CACHE },
      schema: {
        tags: ['allies'],
        operationId: 'allies.pointsOfSale',
        summary: 'Puntos de venta de un aliado publicado (donde se canjean sus ofertas)',
        params: z.object({ id: ZId }),
        response: { 200: dataOf(ZAllyPointOfSaleList) },
      },
    },
    async (request) => ({ data: await getPointsOfSale(app.db, request.params.id) }),
  );

  // The ally's own staff keep their points of sale: signed in and staff of an ally, checked
  // before the body is read.
  await app.register(async (mine) => {
    mine.addHook('onRequest', async (request) => {
      await requireAllyStaff(app.db, requireUser(request));
    });
    const m = mine.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];
    const tags = ['allies: ally staff'];
    const ZPointParams = z.object({ pointOfSaleId: ZId });
    const allyOf = async (request: FastifyRequest) => (await requireAllyStaff(app.db, requireUser(request))).ally_id;

    m.get(
      MY_ALLY_POINTS_OF_SALE_PATH,
      {
        config: { errors: ['ally-staff-only'] },
        schema: {
          tags,
          operationId: 'alliesMine.listPointsOfSale',
          summary: 'Puntos de venta del aliado para el que trabaja la cuenta',
          security,
          response: { 200: dataOf(ZAllyPointOfSaleList) },
        },
      },
      async (request) => ({ data: await getPointsOfSale(app.db, await allyOf(request), { includeUnpublished: true }) }),
    );
    m.post(
      MY_ALLY_POINTS_OF_SALE_PATH,
      {
        config: { errors: ['ally-staff-only', 'conflict'] },
        schema: {
          tags,
          operationId: 'alliesMine.createPointOfSale',
          summary: 'Añade un punto de venta del aliado',
          security,
          body: ZAllyPointOfSaleInput,
          response: { 201: dataOf(ZAllyPointOfSale) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await createPointOfSale(app.db, await allyOf(request), request.body, requireUser(request)) }),
    );
    m.put(
      `${MY_ALLY_POINTS_OF_SALE_PATH}/:pointOfSaleId`,
      {
        config: { errors: ['ally-staff-only', 'not-found'] },
        schema: {
          tags,
          operationId: 'alliesMine.updatePointOfSale',
          summary: 'Edita un punto de venta del aliado',
          security,
          params: ZPointParams,
          body: ZAllyPointOfSaleInput,
          response: { 200: dataOf(ZAllyPointOfSale) },
        },
      },
      async (request) => ({
        data: await updatePointOfSale(
          app.db,
          await allyOf(request),
          request.params.pointOfSaleId,
          request.body,
          requireUser(request),
        ),
      }),
    );
    m.delete(
      `${MY_ALLY_POINTS_OF_SALE_PATH}/:pointOfSaleId`,
      {
        config: { errors: ['ally-staff-only', 'not-found'] },
        schema: {
          tags,
          operationId: 'alliesMine.deletePointOfSale',
          summary: 'Elimina un punto de venta del aliado',
          security,
          params: ZPointParams,
        },
      },
      async (request, reply) => {
        await deletePointOfSale(app.db, await allyOf(request), request.params.pointOfSaleId, requireUser(request));
        return reply.code(204).send();
      },
    );
  });

  // The back office's edits: admins only.
  await app.register(alliesAdminRoutes);
}
