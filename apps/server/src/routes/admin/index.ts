import {
  ZAdminDashboard,
  ZAuditList,
  ZAuditListQuery,
  ZId,
  dataOf,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAudit } from '../../features/admin/audit.service.js';
import { getDashboard } from '../../features/admin/dashboard.admin.js';
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

  // ---- Materials catalogue (materials.ts) ----
  adminMaterialsRoutes(app);

  // ---- Audit log ----
  r.get(
    `${P}/audit`,
    { schema: { tags: ['admin'], summary: 'Registro de auditoría: quién cambió qué y cuándo', security, querystring: ZAuditListQuery, response: { 200: dataOf(ZAuditList) } } },
    async (request) => ({ data: await listAudit(app.db, request.query) }),
  );

  // ---- Home: what needs attention ----
  r.get(
    `${P}/dashboard`,
    { schema: { tags: ['admin'], summary: 'Inicio del back office: PQR vencidas y por vencer, solicitudes pendientes, contenedores llenos', security, response: { 200: dataOf(ZAdminDashboard) } } },
    async () => ({ data: await getDashboard(app.db) }),
  );
}
