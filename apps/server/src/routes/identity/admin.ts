import { ZAdminCreateManager, ZAdminUser, ZAdminUserList, ZAdminUserListQuery, ZAdminUserUpdate, ZId, dataOf, ADMIN_API_PATH } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createManager, getUser, listUsers, resendVerificationFor, updateUser } from '../../features/identity/users.admin.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';

const ZIdParams = z.object({ id: ZId });
const P = ADMIN_API_PATH;
const security = [{ bearer: [] }];

/**
 * User administration in the back office. Admins only, declared for the whole module, so 401/403
 * come before any body is read. Uses app.identity (set-a-password and verification e-mails), so it
 * is registered after the identity routes.
 */
export default async function identityAdminRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${P}/users`,
    { schema: { tags: ['admin'], operationId: 'adminUsers.list', summary: 'Buscar usuarios', security, querystring: ZAdminUserListQuery, response: { 200: dataOf(ZAdminUserList) } } },
    async (request) => ({ data: await listUsers(app.db, request.query) }),
  );
  r.get(
    `${P}/users/:id`,
    { schema: { tags: ['admin'], operationId: 'adminUsers.get', summary: 'Un usuario', security, params: ZIdParams, response: { 200: dataOf(ZAdminUser) } } },
    async (request) => ({ data: await getUser(app.db, request.params.id) }),
  );
  r.patch(
    `${P}/users/:id`,
    { schema: { tags: ['admin'], operationId: 'adminUsers.update', summary: 'Cambiar tipo, administración o estado de un usuario', security, params: ZIdParams, body: ZAdminUserUpdate, response: { 200: dataOf(ZAdminUser) } } },
    async (request) => ({ data: await updateUser(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );

  r.post(
    `${P}/users/managers`,
    { schema: { tags: ['admin'], operationId: 'adminUsers.createManager', summary: 'Crear un responsable de punto (recibe un enlace para definir su contraseña)', security, body: ZAdminCreateManager, response: { 201: dataOf(ZAdminUser) } } },
    async (request, reply) =>
      reply.code(201).send({ data: await createManager(app.db, app.identity, request.body, requireAdmin(request)) }),
  );
  r.post(
    `${P}/users/:id/resend-verification`,
    { schema: { tags: ['admin'], operationId: 'adminUsers.resendVerification', summary: 'Reenviar el correo de verificación a un usuario', security, params: ZIdParams, response: { 200: dataOf(z.object({ sent: z.boolean(), email: z.string() })) } } },
    async (request) => ({ data: await resendVerificationFor(app.db, app.identity, request.params.id, requireAdmin(request)) }),
  );
}
