import {
  ZAlly,
  ZAllyInput,
  ZAllyList,
  ZAllyListQuery,
  ZAllyPointOfSale,
  ZAllyPointOfSaleInput,
  ZAllyPointOfSaleList,
  ZId,
  dataOf,
  ADMIN_API_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createAlly,
  createPointOfSale,
  deleteAlly,
  deletePointOfSale,
  getAlly,
  getAllyList,
  getPointsOfSale,
  updateAlly,
  updatePointOfSale,
} from '../../features/allies/allies.service.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';

const ZIdParams = z.object({ id: ZId });
const ZPointParams = z.object({ id: ZId, pointOfSaleId: ZId });
const P = ADMIN_API_PATH;
const security = [{ bearer: [] }];

/**
 * Allies and adhered members in the back office (also the unpublished ones). Admins only, declared
 * for the whole module, so 401/403 come before any body is read.
 */
export default async function alliesAdminRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${P}/allies`,
    { schema: { tags: ['admin'], operationId: 'adminAllies.list', summary: 'Aliados y adheridos (también los no publicados)', security, querystring: ZAllyListQuery, response: { 200: dataOf(ZAllyList) } } },
    async (request) => ({ data: await getAllyList(app.db, request.query, { includeUnpublished: true }) }),
  );
  r.post(
    `${P}/allies`,
    { schema: { tags: ['admin'], operationId: 'adminAllies.create', summary: 'Crear un aliado o adherido', security, body: ZAllyInput, response: { 201: dataOf(ZAlly) } } },
    async (request, reply) => reply.code(201).send({ data: await createAlly(app.db, request.body, requireAdmin(request)) }),
  );
  r.get(
    `${P}/allies/:id`,
    { schema: { tags: ['admin'], operationId: 'adminAllies.get', summary: 'Un aliado o adherido', security, params: ZIdParams, response: { 200: dataOf(ZAlly) } } },
    async (request) => ({ data: await getAlly(app.db, request.params.id, { includeUnpublished: true }) }),
  );
  r.put(
    `${P}/allies/:id`,
    { schema: { tags: ['admin'], operationId: 'adminAllies.update', summary: 'Editar un aliado o adherido', security, params: ZIdParams, body: ZAllyInput, response: { 200: dataOf(ZAlly) } } },
    async (request) => ({ data: await updateAlly(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.delete(
    `${P}/allies/:id`,
    { schema: { tags: ['admin'], operationId: 'adminAllies.delete', summary: 'Eliminar un aliado o adherido', security, params: ZIdParams } },
    async (request, reply) => {
      await deleteAlly(app.db, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },
  );

  // The ally's points of sale (where its offers can be used).
  r.get(
    `${P}/allies/:id/points-of-sale`,
    { schema: { tags: ['admin'], operationId: 'adminAllies.listPointsOfSale', summary: 'Puntos de venta de un aliado', security, params: ZIdParams, response: { 200: dataOf(ZAllyPointOfSaleList) } } },
    async (request) => ({ data: await getPointsOfSale(app.db, request.params.id, { includeUnpublished: true }) }),
  );
  r.post(
    `${P}/allies/:id/points-of-sale`,
    { config: { errors: ['not-found', 'conflict'] }, schema: { tags: ['admin'], operationId: 'adminAllies.createPointOfSale', summary: 'Añadir un punto de venta a un aliado', security, params: ZIdParams, body: ZAllyPointOfSaleInput, response: { 201: dataOf(ZAllyPointOfSale) } } },
    async (request, reply) =>
      reply.code(201).send({ data: await createPointOfSale(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.put(
    `${P}/allies/:id/points-of-sale/:pointOfSaleId`,
    { config: { errors: ['not-found'] }, schema: { tags: ['admin'], operationId: 'adminAllies.updatePointOfSale', summary: 'Editar un punto de venta de un aliado', security, params: ZPointParams, body: ZAllyPointOfSaleInput, response: { 200: dataOf(ZAllyPointOfSale) } } },
    async (request) => ({
      data: await updatePointOfSale(app.db, request.params.id, request.params.pointOfSaleId, request.body, requireAdmin(request)),
    }),
  );
  r.delete(
    `${P}/allies/:id/points-of-sale/:pointOfSaleId`,
    { config: { errors: ['not-found'] }, schema: { tags: ['admin'], operationId: 'adminAllies.deletePointOfSale', summary: 'Eliminar un punto de venta de un aliado', security, params: ZPointParams } },
    async (request, reply) => {
      await deletePointOfSale(app.db, request.params.id, request.params.pointOfSaleId, requireAdmin(request));
      return reply.code(204).send();
    },
  );
}
