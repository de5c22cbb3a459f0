import {
  ZAdminContainerInput,
  ZAdminPoint,
  ZAdminPointInput,
  ZAdminPointList,
  ZAdminPointListQuery,
  ZAdminPointManagersInput,
  ZContainer,
  ZId,
  dataOf,
  ADMIN_API_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createContainerAdmin,
  createPointAdmin,
  deleteContainerAdmin,
  getPointAdmin,
  listPointContainers,
  listPointsAdmin,
  setPointManagers,
  updateContainerAdmin,
  updatePointAdmin,
} from '../../features/points/points.admin.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';

const ZIdParams = z.object({ id: ZId });
const P = ADMIN_API_PATH;
const security = [{ bearer: [] }];

/**
 * Points, their managers and containers in the back office (also the inactive points). Admins
 * only, declared for the whole module, so 401/403 come before any body is read.
 */
export default async function pointsAdminRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  const r = app.withTypeProvider<ZodTypeProvider>();

  const ZContainerParams = z.object({ id: ZId, containerId: ZId });
  r.get(
    `${P}/points`,
    { schema: { tags: ['admin'], operationId: 'adminPoints.list', summary: 'Puntos de reciclaje (también los inactivos)', security, querystring: ZAdminPointListQuery, response: { 200: dataOf(ZAdminPointList) } } },
    async (request) => ({ data: await listPointsAdmin(app.db, request.query) }),
  );
  r.post(
    `${P}/points`,
    { schema: { tags: ['admin'], operationId: 'adminPoints.create', summary: 'Crear un punto de reciclaje', security, body: ZAdminPointInput, response: { 201: dataOf(ZAdminPoint) } } },
    async (request, reply) => reply.code(201).send({ data: await createPointAdmin(app.db, request.body, requireAdmin(request)) }),
  );
  r.get(
    `${P}/points/:id`,
    { schema: { tags: ['admin'], operationId: 'adminPoints.get', summary: 'Un punto de reciclaje', security, params: ZIdParams, response: { 200: dataOf(ZAdminPoint) } } },
    async (request) => ({ data: await getPointAdmin(app.db, request.params.id) }),
  );
  r.put(
    `${P}/points/:id`,
    { schema: { tags: ['admin'], operationId: 'adminPoints.update', summary: 'Editar, activar o desactivar un punto', security, params: ZIdParams, body: ZAdminPointInput, response: { 200: dataOf(ZAdminPoint) } } },
    async (request) => ({ data: await updatePointAdmin(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.put(
    `${P}/points/:id/managers`,
    { schema: { tags: ['admin'], operationId: 'adminPoints.setManagers', summary: 'Asignar los responsables de un punto', security, params: ZIdParams, body: ZAdminPointManagersInput, response: { 200: dataOf(ZAdminPoint) } } },
    async (request) => ({ data: await setPointManagers(app.db, request.params.id, request.body.user_ids, requireAdmin(request)) }),
  );
  r.get(
    `${P}/points/:id/containers`,
    { schema: { tags: ['admin'], operationId: 'adminPoints.listContainers', summary: 'Contenedores de un punto', security, params: ZIdParams, response: { 200: dataOf(z.array(ZContainer)) } } },
    async (request) => ({ data: await listPointContainers(app.db, request.params.id) }),
  );
  r.post(
    `${P}/points/:id/containers`,
    { schema: { tags: ['admin'], operationId: 'adminPoints.addContainer', summary: 'Agregar un contenedor a un punto', security, params: ZIdParams, body: ZAdminContainerInput, response: { 201: dataOf(ZContainer) } } },
    async (request, reply) =>
      reply.code(201).send({ data: await createContainerAdmin(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.put(
    `${P}/points/:id/containers/:containerId`,
    { schema: { tags: ['admin'], operationId: 'adminPoints.updateContainer', summary: 'Editar un contenedor', security, params: ZContainerParams, body: ZAdminContainerInput, response: { 200: dataOf(ZContainer) } } },
    async (request) => ({
      data: await updateContainerAdmin(app.db, request.params.id, request.params.containerId, request.body, requireAdmin(request)),
    }),
  );
  r.delete(
    `${P}/points/:id/containers/:containerId`,
    { schema: { tags: ['admin'], operationId: 'adminPoints.removeContainer', summary: 'Retirar un contenedor', security, params: ZContainerParams } },
    async (request, reply) => {
      await deleteContainerAdmin(app.db, request.params.id, request.params.containerId, requireAdmin(request));
      return reply.code(204).send();
    },
  );
}
