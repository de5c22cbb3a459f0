import {
  ZCampaign,
  ZCampaignInput,
  ZCampaignList,
  ZCampaignListQuery,
  ZCampaignParticipant,
  ZId,
  dataOf,
  ADMIN_API_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCampaign,
  deleteCampaign,
  getCampaign,
  getCampaignList,
  getParticipants,
  updateCampaign,
} from '../../features/campaigns/campaigns.service.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';

const ZIdParams = z.object({ id: ZId });
const P = ADMIN_API_PATH;
const security = [{ bearer: [] }];

/**
 * Campaigns in the back office (also the unpublished ones). Admins only, declared for the whole
 * module, so 401/403 come before any body is read; each handler takes the admin from requireAdmin too.
 */
export default async function campaignsAdminRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${P}/campaigns`,
    { schema: { tags: ['admin'], operationId: 'adminCampaigns.list', summary: 'Campañas (también las no publicadas)', security, querystring: ZCampaignListQuery, response: { 200: dataOf(ZCampaignList) } } },
    async (request) => ({
      data: await getCampaignList(app.db, request.query, { user: requireAdmin(request), includeUnpublished: true }),
    }),
  );
  r.post(
    `${P}/campaigns`,
    { schema: { tags: ['admin'], operationId: 'adminCampaigns.create', summary: 'Crear una campaña', security, body: ZCampaignInput, response: { 201: dataOf(ZCampaign) } } },
    async (request, reply) => reply.code(201).send({ data: await createCampaign(app.db, request.body, requireAdmin(request)) }),
  );
  r.get(
    `${P}/campaigns/:id`,
    { schema: { tags: ['admin'], operationId: 'adminCampaigns.get', summary: 'Una campaña', security, params: ZIdParams, response: { 200: dataOf(ZCampaign) } } },
    async (request) => ({
      data: await getCampaign(app.db, request.params.id, { user: requireAdmin(request), includeUnpublished: true }),
    }),
  );
  r.put(
    `${P}/campaigns/:id`,
    { schema: { tags: ['admin'], operationId: 'adminCampaigns.update', summary: 'Editar una campaña', security, params: ZIdParams, body: ZCampaignInput, response: { 200: dataOf(ZCampaign) } } },
    async (request) => ({ data: await updateCampaign(app.db, request.params.id, request.body, requireAdmin(request)) }),
  );
  r.delete(
    `${P}/campaigns/:id`,
    { schema: { tags: ['admin'], operationId: 'adminCampaigns.delete', summary: 'Eliminar una campaña', security, params: ZIdParams } },
    async (request, reply) => {
      await deleteCampaign(app.db, request.params.id, requireAdmin(request));
      return reply.code(204).send();
    },
  );
  r.get(
    `${P}/campaigns/:id/participants`,
    { schema: { tags: ['admin'], operationId: 'adminCampaigns.listParticipants', summary: 'Inscritos en una campaña', security, params: ZIdParams, response: { 200: dataOf(z.array(ZCampaignParticipant)) } } },
    async (request) => {
      await getCampaign(app.db, request.params.id, { user: requireAdmin(request), includeUnpublished: true });
      return { data: await getParticipants(app.db, request.params.id) };
    },
  );
}
