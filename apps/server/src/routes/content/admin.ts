import {
  ZAboutPage,
  ZAboutPageInput,
  ZFaqInput,
  ZFaqItem,
  ZId,
  dataOf,
  ADMIN_API_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFaq,
  deleteFaq,
  getAboutPage,
  listFaq,
  saveAboutPage,
  updateFaq,
} from '../../features/content/content.service.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';

const ZIdParams = z.object({ id: ZId });
const P = ADMIN_API_PATH;
const security = [{ bearer: [] }];

/**
 * The FAQ and the about page in the back office. Admins only, declared for the whole module, so
 * 401/403 come before any body is read.
 */
export default async function contentAdminRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${P}/faq`,
    { schema: { tags: ['admin'], operationId: 'adminContent.listFaq', summary: 'Preguntas frecuentes (también las no publicadas)', security, response: { 200: dataOf(z.array(ZFaqItem)) } } },
    async () => ({ data: await listFaq(app.db, { includeUnpublished: true }) }),
  );
  r.post(
    `${P}/faq`,
    { schema: { tags: ['admin'], operationId: 'adminContent.createFaq', summary: 'Crear una pregunta frecuente', security, body: ZFaqInput, response: { 201: dataOf(ZFaqItem) } } },
    async (request, reply) => reply.code(201).send({ data: await createFaq(app.db, request.body, requireAdmin(request)) }),
  );
  r.put(
    `${P}/faq/:id`,
    { schema: { tags: ['admin'], operationId: 'adminContent.updateFaq', summary: 'Editar una pregunta frecuente', security, params: ZIdParams, body: ZFaqInput, response: { 200: dataOf(ZFaqItem) } } },
    async (request) => ({ data: await updateFaq(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.delete(
    `${P}/faq/:id`,
    { schema: { tags: ['admin'], operationId: 'adminContent.deleteFaq', summary: 'Eliminar una pregunta frecuente', security, params: ZIdParams } },
    async (request, reply) => {
      await deleteFaq(app.db, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },
  );
  r.get(
    `${P}/content/about`,
    { schema: { tags: ['admin'], operationId: 'adminContent.getAbout', summary: 'Página Conócenos', security, response: { 200: dataOf(ZAboutPage) } } },
    async () => ({ data: await getAboutPage(app.db) }),
  );
  r.put(
    `${P}/content/about`,
    { schema: { tags: ['admin'], operationId: 'adminContent.updateAbout', summary: 'Editar la página Conócenos', security, body: ZAboutPageInput, response: { 200: dataOf(ZAboutPage) } } },
    async (request) => ({ data: await saveAboutPage(app.db, request.body, requireAdmin(request)) }),
  );
}
