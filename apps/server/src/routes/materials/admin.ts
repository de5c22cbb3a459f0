import {
  ZAdminMaterial,
  ZAdminMaterialCreate,
  ZAdminMaterialInput,
  ZAdminMaterialList,
  ZAdminMaterialListQuery,
  ZMaterialCode,
  dataOf,
  ADMIN_API_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMaterialAdmin,
  getMaterialAdmin,
  listMaterialsAdmin,
  setMaterialActive,
  updateMaterialAdmin,
  type MaterialPoints,
} from '../../features/materials/materials.admin.js';
import { invalidatePointCaches, pointCountsByMaterial, refreshPointsOfMaterials } from '../../features/points/points.service.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';

const P = `${ADMIN_API_PATH}/materials`;
const security = [{ bearer: [] }];
const ZCodeParams = z.object({ code: ZMaterialCode });
/** The points a catalogue change reaches (see MaterialPoints). */
const points: MaterialPoints = {
  countsByMaterial: pointCountsByMaterial,
  refresh: refreshPointsOfMaterials,
  invalidateCaches: invalidatePointCaches,
};

/**
 * The materials catalogue in the back office. Admins only, declared for the whole module, so
 * 401/403 come before any body is read; each handler takes the admin from requireAdmin as well.
 * Materials are addressed by code, which never changes once created.
 */
export default async function materialsAdminRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    P,
    { schema: { tags: ['admin'], operationId: 'adminMaterials.list', summary: 'Materiales del catálogo (también los inactivos)', security, querystring: ZAdminMaterialListQuery, response: { 200: dataOf(ZAdminMaterialList) } } },
    async (request) => {
      requireAdmin(request);
      return { data: await listMaterialsAdmin(app.db, request.query, points) };
    },
  );
  r.post(
    P,
    { schema: { tags: ['admin'], operationId: 'adminMaterials.create', summary: 'Crear un material (el código no se puede cambiar después)', security, body: ZAdminMaterialCreate, response: { 201: dataOf(ZAdminMaterial) } } },
    async (request, reply) => reply.code(201).send({ data: await createMaterialAdmin(app.db, request.body, requireAdmin(request), points) }),
  );
  r.get(
    `${P}/:code`,
    { schema: { tags: ['admin'], operationId: 'adminMaterials.get', summary: 'Un material', security, params: ZCodeParams, response: { 200: dataOf(ZAdminMaterial) } } },
    async (request) => {
      requireAdmin(request);
      return { data: await getMaterialAdmin(app.db, request.params.code, points) };
    },
  );
  r.put(
    `${P}/:code`,
    { schema: { tags: ['admin'], operationId: 'adminMaterials.replace', summary: 'Editar un material (nombres, grupo, caneca, claves OSM, palabras de búsqueda, estado)', security, params: ZCodeParams, body: ZAdminMaterialInput, response: { 200: dataOf(ZAdminMaterial) } } },
    async (request) => ({ data: await updateMaterialAdmin(app.db, request.params.code, request.body, requireAdmin(request), points) }),
  );
  r.patch(
    `${P}/:code`,
    { schema: { tags: ['admin'], operationId: 'adminMaterials.update', summary: 'Desactivar o reactivar un material', security, params: ZCodeParams, body: z.object({ active: z.boolean() }), response: { 200: dataOf(ZAdminMaterial) } } },
    async (request) => ({ data: await setMaterialActive(app.db, request.params.code, request.body.active, requireAdmin(request), points) }),
  );
}
