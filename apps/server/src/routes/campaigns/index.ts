import {
  ZCampaign,
  ZCampaignAttendance,
  ZCampaignAttendanceConfirm,
  ZCampaignAttendanceResult,
  ZCampaignJoinResult,
  ZCampaignList,
  ZCampaignListQuery,
  ZId,
  dataOf,
  CAMPAIGNS_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignToIcs } from '../../features/campaigns/campaigns.ics.js';
import {
  confirmAttendance,
  getAttendance,
  getCampaign,
  getCampaignList,
  joinCampaign,
  leaveCampaign,
  organisedCampaigns,
  requireOrganiser,
} from '../../features/campaigns/campaigns.service.js';
import { requireUser } from '../../plugins/auth.js';
import campaignsAdminRoutes from './admin.js';
import { PUBLIC_LIST_CACHE } from '../../plugins/http-conventions.js';

const ZIdParams = z.object({ id: ZId });

/** Public campaign reads, join/leave for logged-in users and the .ics download. */
export default async function campaignsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    CAMPAIGNS_PATH,
    {
      config: { cacheControl: PUBLIC_LIST_CACHE },
      schema: {
        tags: ['campaigns'],
        operationId: 'campaigns.list',
        summary: 'Campañas publicadas (en curso, próximas, finalizadas), con búsqueda y paginación',
        querystring: ZCampaignListQuery,
        response: { 200: dataOf(ZCampaignList) },
      },
    },
    async (request) => ({ data: await getCampaignList(app.db, request.query, { user: request.user }) }),
  );

  r.get(
    `${CAMPAIGNS_PATH}/:id`,
    {
      config: { cacheControl: PUBLIC_LIST_CACHE },
      schema: {
        tags: ['campaigns'],
        operationId: 'campaigns.get',
        summary: 'Una campaña publicada',
        params: ZIdParams,
        response: { 200: dataOf(ZCampaign) },
      },
    },
    async (request) => ({ data: await getCampaign(app.db, request.params.id, { user: request.user }) }),
  );

  r.get(
    `${CAMPAIGNS_PATH}/:id/calendar.ics`,
    {
      schema: { tags: ['campaigns'], operationId: 'campaigns.getCalendar', summary: 'La campaña como evento de calendario (iCalendar)', params: ZIdParams },
    },
    async (request, reply) => {
      const campaign = await getCampaign(app.db, request.params.id, { user: null });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="campana-${campaign.id}.ics"`)
        .header('cache-control', 'no-cache')
        .send(campaignToIcs(campaign, { publicUrl: app.config.publicUrl }));
    },
  );

  r.post(
    `${CAMPAIGNS_PATH}/:id/join`,
    {
      schema: {
        tags: ['campaigns'],
        operationId: 'campaigns.join',
        summary: 'Inscribirme en una campaña',
        security: [{ bearer: [] }],
        params: ZIdParams,
        response: { 200: dataOf(ZCampaignJoinResult) },
      },
    },
    async (request) => ({ data: await joinCampaign(app.db, request.params.id, requireUser(request)) }),
  );

  r.delete(
    `${CAMPAIGNS_PATH}/:id/join`,
    {
      schema: {
        tags: ['campaigns'],
        operationId: 'campaigns.leave',
        summary: 'Cancelar mi inscripción en una campaña',
        security: [{ bearer: [] }],
        params: ZIdParams,
        response: { 200: dataOf(ZCampaignJoinResult) },
      },
    },
    async (request) => ({ data: await leaveCampaign(app.db, request.params.id, requireUser(request)) }),
  );

  r.get(
    `${CAMPAIGNS_PATH}/organised`,
    {
      schema: {
        tags: ['campaigns'],
        operationId: 'campaigns.listOrganised',
        summary: 'Campañas que organiza quien llama (personal del aliado organizador; el equipo, las sin aliado)',
        security: [{ bearer: [] }],
        response: { 200: dataOf(z.array(ZCampaign)) },
      },
    },
    async (request) => ({ data: await organisedCampaigns(app.db, requireUser(request)) }),
  );

  // Attendance: only the campaign's organiser, checked before the body is read.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const user = requireUser(request);
      const id = ZId.safeParse((request.params as { id?: string }).id);
      // A malformed id is left to the params' validation (400).
      if (id.success) await requireOrganiser(app.db, id.data, user);
    });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.get(
      `${CAMPAIGNS_PATH}/:id/attendance`,
      {
        config: { errors: ['campaign-organiser-only'] },
        schema: {
          tags: ['campaigns'],
          operationId: 'campaigns.getAttendance',
          summary: 'Inscritos de una campaña con su asistencia (solo quien la organiza)',
          security: [{ bearer: [] }],
          params: ZIdParams,
          response: { 200: dataOf(ZCampaignAttendance) },
        },
      },
      async (request) => ({ data: await getAttendance(app.db, request.params.id, requireUser(request)) }),
    );
    s.post(
      `${CAMPAIGNS_PATH}/:id/attendance`,
      {
        config: { errors: ['campaign-organiser-only', 'campaign-not-over'] },
        schema: {
          tags: ['campaigns'],
          operationId: 'campaigns.confirmAttendance',
          summary:
            'Quien organiza confirma la asistencia, después de la campaña: cada persona confirmada gana una vez el bono de la campaña',
          security: [{ bearer: [] }],
          params: ZIdParams,
          body: ZCampaignAttendanceConfirm,
          response: { 200: dataOf(ZCampaignAttendanceResult) },
        },
      },
      async (request) => ({
        data: await confirmAttendance(app.db, request.params.id, requireUser(request), request.body.user_ids),
      }),
    );
  });

  // The back office's edits: admins only.
  await app.register(campaignsAdminRoutes);
}
