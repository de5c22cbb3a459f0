import {
  ZAboutPage,
  ZAboutPageInput,
  ZAdminContainerInput,
  ZAdminCreateManager,
  ZAdminPoint,
  ZAdminPointInput,
  ZAdminPointList,
  ZAdminPointListQuery,
  ZAdminPointManagersInput,
  ZContainer,
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserListQuery,
  ZAdminUserUpdate,
  ZAlly,
  ZAllyInput,
  ZAllyList,
  ZAllyListQuery,
  ZAdminDashboard,
  ZAuditList,
  ZAuditListQuery,
  ZCampaign,
  ZCampaignInput,
  ZCampaignList,
  ZCampaignListQuery,
  ZCampaignParticipant,
  ZFaqInput,
  ZFaqItem,
  ZId,
  dataOf,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAudit } from '../../features/admin/audit.repository.js';
import { getDashboard } from '../../features/admin/dashboard.admin.js';
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
} from '../../features/admin/points.admin.js';
import { createManager, getUser, listUsers, resendVerificationFor, updateUser } from '../../features/admin/users.admin.js';
import { createAlly, deleteAlly, getAlly, getAllyList, updateAlly } from '../../features/allies/allies.service.js';
import {
  createCampaign,
  deleteCampaign,
  getCampaign,
  getCampaignList,
  getParticipants,
  updateCampaign,
} from '../../features/campaigns/campaigns.service.js';
import {
  createFaq,
  deleteFaq,
  getAboutPage,
  listFaq,
  saveAboutPage,
  updateFaq,
} from '../../features/content/content.service.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';
import { adminMaterialsRoutes } from './materials.js';

const ZIdParams = z.object({ id: ZId });
const P = '/back/api/v1/admin';
const security = [{ bearer: [] }];

/**
 * The back office API. Every route here is for admins only: declared for the whole module, so
 * 401/403 come before any body is read; each handler takes the admin from requireAdmin too.
 */
export default async function adminRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- Campaigns ----
  r.get(
    `${P}/campaigns`,
    { schema: { tags: ['admin'], summary: 'Campañas (también las no publicadas)', security, querystring: ZCampaignListQuery, response: { 200: dataOf(ZCampaignList) } } },
    async (request) => ({
      data: await getCampaignList(app.db, request.query, { user: requireAdmin(request), includeUnpublished: true }),
    }),
  );
  r.post(
    `${P}/campaigns`,
    { schema: { tags: ['admin'], summary: 'Crear una campaña', security, body: ZCampaignInput, response: { 201: dataOf(ZCampaign) } } },
    async (request, reply) => reply.code(201).send({ data: await createCampaign(app.db, request.body, requireAdmin(request)) }),
  );
  r.get(
    `${P}/campaigns/:id`,
    { schema: { tags: ['admin'], summary: 'Una campaña', security, params: ZIdParams, response: { 200: dataOf(ZCampaign) } } },
    async (request) => ({
      data: await getCampaign(app.db, request.params.id, { user: requireAdmin(request), includeUnpublished: true }),
    }),
  );
  r.put(
    `${P}/campaigns/:id`,
    { schema: { tags: ['admin'], summary: 'Editar una campaña', security, params: ZIdParams, body: ZCampaignInput, response: { 200: dataOf(ZCampaign) } } },
    async (request) => ({ data: await updateCampaign(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.delete(
    `${P}/campaigns/:id`,
    { schema: { tags: ['admin'], summary: 'Eliminar una campaña', security, params: ZIdParams } },
    async (request, reply) => {
      await deleteCampaign(app.db, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },
  );
  r.get(
    `${P}/campaigns/:id/participants`,
    { schema: { tags: ['admin'], summary: 'Inscritos en una campaña', security, params: ZIdParams, response: { 200: dataOf(z.array(ZCampaignParticipant)) } } },
    async (request) => {
      await getCampaign(app.db, request.params.id, { user: requireAdmin(request), includeUnpublished: true });
      return { data: await getParticipants(app.db, request.params.id) };
    },
  );

  // ---- Allies ----
  r.get(
    `${P}/allies`,
    { schema: { tags: ['admin'], summary: 'Aliados y adheridos (también los no publicados)', security, querystring: ZAllyListQuery, response: { 200: dataOf(ZAllyList) } } },
    async (request) => ({ data: await getAllyList(app.db, request.query, { includeUnpublished: true }) }),
  );
  r.post(
    `${P}/allies`,
    { schema: { tags: ['admin'], summary: 'Crear un aliado o adherido', security, body: ZAllyInput, response: { 201: dataOf(ZAlly) } } },
    async (request, reply) => reply.code(201).send({ data: await createAlly(app.db, request.body, requireAdmin(request)) }),
  );
  r.get(
    `${P}/allies/:id`,
    { schema: { tags: ['admin'], summary: 'Un aliado o adherido', security, params: ZIdParams, response: { 200: dataOf(ZAlly) } } },
    async (request) => ({ data: await getAlly(app.db, request.params.id, { includeUnpublished: true }) }),
  );
  r.put(
    `${P}/allies/:id`,
    { schema: { tags: ['admin'], summary: 'Editar un aliado o adherido', security, params: ZIdParams, body: ZAllyInput, response: { 200: dataOf(ZAlly) } } },
    async (request) => ({ data: await updateAlly(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.delete(
    `${P}/allies/:id`,
    { schema: { tags: ['admin'], summary: 'Eliminar un aliado o adherido', security, params: ZIdParams } },
    async (request, reply) => {
      await deleteAlly(app.db, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },
  );

  // ---- FAQ and about page ----
  r.get(
    `${P}/faq`,
    { schema: { tags: ['admin'], summary: 'Preguntas frecuentes (también las no publicadas)', security, response: { 200: dataOf(z.array(ZFaqItem)) } } },
    async () => ({ data: await listFaq(app.db, { includeUnpublished: true }) }),
  );
  r.post(
    `${P}/faq`,
    { schema: { tags: ['admin'], summary: 'Crear una pregunta frecuente', security, body: ZFaqInput, response: { 201: dataOf(ZFaqItem) } } },
    async (request, reply) => reply.code(201).send({ data: await createFaq(app.db, request.body, requireAdmin(request)) }),
  );
  r.put(
    `${P}/faq/:id`,
    { schema: { tags: ['admin'], summary: 'Editar una pregunta frecuente', security, params: ZIdParams, body: ZFaqInput, response: { 200: dataOf(ZFaqItem) } } },
    async (request) => ({ data: await updateFaq(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.delete(
    `${P}/faq/:id`,
    { schema: { tags: ['admin'], summary: 'Eliminar una pregunta frecuente', security, params: ZIdParams } },
    async (request, reply) => {
      await deleteFaq(app.db, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },
  );
  r.get(
    `${P}/content/about`,
    { schema: { tags: ['admin'], summary: 'Página Conócenos', security, response: { 200: dataOf(ZAboutPage) } } },
    async () => ({ data: await getAboutPage(app.db) }),
  );
  r.put(
    `${P}/content/about`,
    { schema: { tags: ['admin'], summary: 'Editar la página Conócenos', security, body: ZAboutPageInput, response: { 200: dataOf(ZAboutPage) } } },
    async (request) => ({ data: await saveAboutPage(app.db, request.body, requireAdmin(request)) }),
  );

  // ---- Users ----
  r.get(
    `${P}/users`,
    { schema: { tags: ['admin'], summary: 'Buscar usuarios', security, querystring: ZAdminUserListQuery, response: { 200: dataOf(ZAdminUserList) } } },
    async (request) => ({ data: await listUsers(app.db, request.query) }),
  );
  r.get(
    `${P}/users/:id`,
    { schema: { tags: ['admin'], summary: 'Un usuario', security, params: ZIdParams, response: { 200: dataOf(ZAdminUser) } } },
    async (request) => ({ data: await getUser(app.db, request.params.id) }),
  );
  r.patch(
    `${P}/users/:id`,
    { schema: { tags: ['admin'], summary: 'Cambiar tipo, administración o estado de un usuario', security, params: ZIdParams, body: ZAdminUserUpdate, response: { 200: dataOf(ZAdminUser) } } },
    async (request) => ({ data: await updateUser(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );

  r.post(
    `${P}/users/managers`,
    { schema: { tags: ['admin'], summary: 'Crear un responsable de punto (recibe un enlace para definir su contraseña)', security, body: ZAdminCreateManager, response: { 201: dataOf(ZAdminUser) } } },
    async (request, reply) =>
      reply.code(201).send({ data: await createManager(app.db, app.identity, request.body, requireAdmin(request)) }),
  );
  r.post(
    `${P}/users/:id/resend-verification`,
    { schema: { tags: ['admin'], summary: 'Reenviar el correo de verificación a un usuario', security, params: ZIdParams, response: { 200: dataOf(z.object({ sent: z.boolean(), email: z.string() })) } } },
    async (request) => ({ data: await resendVerificationFor(app.db, app.identity, request.params.id, requireAdmin(request)) }),
  );

  // ---- Points and containers ----
  const ZContainerParams = z.object({ id: ZId, containerId: ZId });
  r.get(
    `${P}/points`,
    { schema: { tags: ['admin'], summary: 'Puntos de reciclaje (también los inactivos)', security, querystring: ZAdminPointListQuery, response: { 200: dataOf(ZAdminPointList) } } },
    async (request) => ({ data: await listPointsAdmin(app.db, request.query) }),
  );
  r.post(
    `${P}/points`,
    { schema: { tags: ['admin'], summary: 'Crear un punto de reciclaje', security, body: ZAdminPointInput, response: { 201: dataOf(ZAdminPoint) } } },
    async (request, reply) => reply.code(201).send({ data: await createPointAdmin(app.db, request.body, requireAdmin(request)) }),
  );
  r.get(
    `${P}/points/:id`,
    { schema: { tags: ['admin'], summary: 'Un punto de reciclaje', security, params: ZIdParams, response: { 200: dataOf(ZAdminPoint) } } },
    async (request) => ({ data: await getPointAdmin(app.db, request.params.id) }),
  );
  r.put(
    `${P}/points/:id`,
    { schema: { tags: ['admin'], summary: 'Editar, activar o desactivar un punto', security, params: ZIdParams, body: ZAdminPointInput, response: { 200: dataOf(ZAdminPoint) } } },
    async (request) => ({ data: await updatePointAdmin(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.put(
    `${P}/points/:id/managers`,
    { schema: { tags: ['admin'], summary: 'Asignar los responsables de un punto', security, params: ZIdParams, body: ZAdminPointManagersInput, response: { 200: dataOf(ZAdminPoint) } } },
    async (request) => ({ data: await setPointManagers(app.db, request.params.id, request.body.user_ids, requireAdmin(request)) }),
  );
  r.get(
    `${P}/points/:id/containers`,
    { schema: { tags: ['admin'], summary: 'Contenedores de un punto', security, params: ZIdParams, response: { 200: dataOf(z.array(ZContainer)) } } },
    async (request) => ({ data: await listPointContainers(app.db, request.params.id) }),
  );
  r.post(
    `${P}/points/:id/containers`,
    { schema: { tags: ['admin'], summary: 'Agregar un contenedor a un punto', security, params: ZIdParams, body: ZAdminContainerInput, response: { 201: dataOf(ZContainer) } } },
    async (request, reply) =>
      reply.code(201).send({ data: await createContainerAdmin(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.put(
    `${P}/points/:id/containers/:containerId`,
    { schema: { tags: ['admin'], summary: 'Editar un contenedor', security, params: ZContainerParams, body: ZAdminContainerInput, response: { 200: dataOf(ZContainer) } } },
    async (request) => ({
      data: await updateContainerAdmin(app.db, request.params.id, request.params.containerId, request.body, requireAdmin(request)),
    }),
  );
  r.delete(
    `${P}/points/:id/containers/:containerId`,
    { schema: { tags: ['admin'], summary: 'Retirar un contenedor', security, params: ZContainerParams } },
    async (request, reply) => {
      await deleteContainerAdmin(app.db, request.params.id, request.params.containerId, requireAdmin(request));
      return reply.code(204).send();
    },
  );

  // ---- Materials catalogue (materials.ts) ----
  adminMaterialsRoutes(app);

  // ---- Audit log ----
  r.get(
    `${P}/audit`,
    { schema: { tags: ['admin'], summary: 'Registro de auditoría: quién cambió qué y cuándo', security, querystring: ZAuditListQuery, response: { 200: dataOf(ZAuditList) } } },
    async (request) => {
      const { items, total } = await listAudit(app.db, request.query);
      return { data: { items, total, page: request.query.page, page_size: request.query.page_size } };
    },
  );

  // ---- Home: what needs attention ----
  r.get(
    `${P}/dashboard`,
    { schema: { tags: ['admin'], summary: 'Inicio del back office: PQR vencidas y por vencer, solicitudes pendientes, contenedores llenos', security, response: { 200: dataOf(ZAdminDashboard) } } },
    async () => ({ data: await getDashboard(app.db) }),
  );
}
