import {
  ZAdminCreateManager,
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserListQuery,
  ZAdminUserUpdate,
  ZAdminDashboard,
  ZAuditList,
  ZAuditListQuery,
  ZId,
  dataOf,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAudit } from '../../features/admin/audit.repository.js';
import { getDashboard } from '../../features/admin/dashboard.admin.js';
import { createManager, getUser, listUsers, resendVerificationFor, updateUser } from '../../features/admin/users.admin.js';
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
