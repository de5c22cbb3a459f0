import {
  ZAlly,
  ZAllyInput,
  ZAllyList,
  ZAllyListQuery,
  ZId,
  dataOf,
  ADMIN_API_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAlly, deleteAlly, getAlly, getAllyList, updateAlly } from '../../features/allies/allies.service.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';

const ZIdParams = z.object({ id: ZId });
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
}
