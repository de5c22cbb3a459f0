import { ZAdminDashboard, ZAuditList, ZAuditListQuery, dataOf, ADMIN_API_PATH } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listAudit } from '../../features/admin/audit.service.js';
import { getDashboard } from './dashboard.js';
import { accountsByIds } from '../../features/identity/identity.service.js';
import { declareAuthLevel } from '../../plugins/auth.js';

const P = ADMIN_API_PATH;
const security = [{ bearer: [] }];

/**
 * The back office's own API: its home (what needs attention) and the audit log. What admins edit
 * lives with the feature it belongs to (routes/<feature>/admin.ts). Admins only, declared for the
 * whole module, so 401/403 come before any body is read.
 */
export default async function adminRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- Audit log ----
  r.get(
    `${P}/audit`,
    { schema: { tags: ['admin'], operationId: 'adminAudit.list', summary: 'Registro de auditoría: quién cambió qué y cuándo', security, querystring: ZAuditListQuery, response: { 200: dataOf(ZAuditList) } } },
    async (request) => ({ data: await listAudit(app.db, request.query, accountsByIds) }),
  );

  // ---- Home: what needs attention ----
  r.get(
    `${P}/dashboard`,
    { schema: { tags: ['admin'], operationId: 'adminDashboard.get', summary: 'Inicio del back office: PQR vencidas y por vencer, solicitudes pendientes, contenedores llenos', security, response: { 200: dataOf(ZAdminDashboard) } } },
    async () => ({ data: await getDashboard(app.db) }),
  );
}
