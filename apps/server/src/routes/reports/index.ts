import {
  REPORTS_PATH,
  REPORT_CATEGORIES_PATH,
  REPORT_MAP_PATH,
  REPORT_POINT_MATCH_PATH,
  ZReportPointMatchQuery,
  ZReportPointMatchResponse,
  ZReportMapQuery,
  ZReportMapResponse,
  ZReportCategoryListResponse,
  ZCreateReportRequest,
  ZReportDuplicatesQuery,
  ZReportDuplicatesResponse,
  ZReportFollowUpRequest,
  ZReportListQuery,
  ZReportListResponse,
  ZReportNumberParams,
  ZReportReopenRequest,
  ZReportResponse,
  type ReportList,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activeCategories } from '../../features/reports/report-categories.service.js';
import { createReport } from '../../features/reports/report-filing.service.js';
import { answerFollowUp, sendDueFollowUps } from '../../features/reports/report-follow-up.service.js';
import { followReport, unfollowReport } from '../../features/reports/report-followers.service.js';
import { matchReportPoint } from '../../features/reports/report-settings.service.js';
import { reopenReport } from '../../features/reports/report-status.service.js';
import { findDuplicates, getReport, listReports, publicListBody, reportMap } from '../../features/reports/reports.service.js';
import { requireUser } from '../../plugins/auth.js';
import handlingRoutes, { reportCategoryAdminRoutes, reportSettingsAdminRoutes } from './admin.js';
import { reportsDeps } from './deps.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';
import { PUBLIC_LIST_CACHE } from '../../plugins/http-conventions.js';
import { REQUEST_EXAMPLES } from '../request-examples.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an `Idempotency-Key` header (a retried POST gets the first answer). */
    idempotency?: boolean;
  }
}

const HOUR = 60 * 60 * 1000;
/** New reports per hour: plenty for a neighbour walking a block, a wall for a script. */
const LIMITS = { perUser: 20, perIp: 60, follow: 120 } as const;
/** How often the server looks for due "¿Se resolvió?" e-mails. */
const FOLLOW_UP_SWEEP_MS = 10 * 60 * 1000;



/** Incident reports: filing, public list and page, duplicates, following, reopening, follow-up. */
export default async function reportsRoutes(app: FastifyInstance) {
  const deps = reportsDeps(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const security = [{ bearer: [] }];
  const auth = { onRequest: async (request: Parameters<typeof requireUser>[0]) => void requireUser(request) };

  r.post(
    REPORTS_PATH,
    {
      ...auth,
      config: { idempotency: true, rateLimited: true },
      schema: {
        tags,
        operationId: 'reports.create',
        summary: 'Reporta un problema (categoría, descripción, 0 a 3 fotos subidas con POST /v1/files, ubicación en Colombia, punto opcional)',
        security,
        body: ZCreateReportRequest.meta({ examples: [REQUEST_EXAMPLES.createReport] }),
        response: { 201: ZReportResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(app.rateLimiter, `reports-create:u:${user.id}`, LIMITS.perUser, HOUR, reply);
      await enforceRateLimit(app.rateLimiter, `reports-create:ip:${request.ip}`, LIMITS.perIp, HOUR, reply);
      const data = await createReport(deps, { kind: 'app', user }, request.body);
      return reply.code(201).send({ data });
    },
  );

  r.get(
    REPORTS_PATH,
    {
      schema: {
        tags,
        operationId: 'reports.list',
        summary: 'Reportes públicos (sin datos personales), los míos, los que sigo o los cercanos; filtros por estado, categoría, punto y área del mapa',
        querystring: ZReportListQuery,
        response: { 200: ZReportListResponse },
      },
    },
    async (request, reply) => {
      if (request.user) return { data: await listReports(deps, request.user, request.query) };
      // Already-serialized JSON (a string with a JSON content type is sent as it is).
      const body = await publicListBody(deps, request.query);
      return reply.type('application/json; charset=utf-8').send(body as unknown as { data: ReportList });
    },
  );

  r.get(
    REPORT_CATEGORIES_PATH,
    {
      config: { cacheControl: PUBLIC_LIST_CACHE },
      schema: {
        tags,
        operationId: 'reports.listCategories',
        summary: 'Categorías de reporte activas, en el orden que define la administración',
        response: { 200: ZReportCategoryListResponse },
      },
    },
    async () => ({ data: await activeCategories(app.db) }),
  );

  r.get(
    REPORT_MAP_PATH,
    {
      schema: {
        tags,
        operationId: 'reports.map',
        summary: 'Mapa público de reportes de un área (número, categoría, estado y lugar; sin datos personales), hasta 2.000 de los más recientes',
        querystring: ZReportMapQuery,
        response: { 200: ZReportMapResponse },
      },
    },
    async (request) => ({ data: await reportMap(deps, request.query) }),
  );

  r.get(
    `${REPORTS_PATH}/duplicates`,
    {
      schema: {
        tags,
        operationId: 'reports.findDuplicates',
        summary: 'Reportes abiertos de la misma categoría a 50 m o menos: «¿Es este? Súmate al reporte»',
        querystring: ZReportDuplicatesQuery,
        response: { 200: ZReportDuplicatesResponse },
      },
    },
    async (request) => ({ data: await findDuplicates(deps, request.query) }),
  );

  r.get(
    REPORT_POINT_MATCH_PATH,
    {
      schema: {
        tags,
        operationId: 'reports.matchPoint',
        summary: 'El punto activo más cercano al que irá un reporte sin punto hecho en ese lugar (null si ninguno está a la distancia fijada)',
        querystring: ZReportPointMatchQuery,
        response: { 200: ZReportPointMatchResponse },
      },
    },
    async (request) => ({ data: await matchReportPoint(app.db, request.query.lat, request.query.lng) }),
  );

  r.get(
    `${REPORTS_PATH}/:number`,
    {
      schema: { tags, operationId: 'reports.get', summary: 'Un reporte con su historial público', params: ZReportNumberParams, response: { 200: ZReportResponse } },
    },
    async (request) => ({ data: await getReport(deps, request.user, request.params.number) }),
  );

  r.post(
    `${REPORTS_PATH}/:number/follow`,
    {
      ...auth,
      config: { rateLimited: true },
      schema: { tags, operationId: 'reports.follow', summary: 'Súmate al reporte: recibe sus novedades', security, params: ZReportNumberParams, response: { 200: ZReportResponse } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(app.rateLimiter, `reports-follow:${user.id}`, LIMITS.follow, HOUR, reply);
      return { data: await followReport(deps, user, request.params.number) };
    },
  );

  r.delete(
    `${REPORTS_PATH}/:number/follow`,
    {
      ...auth,
      schema: { tags, operationId: 'reports.unfollow', summary: 'Deja de seguir un reporte', security, params: ZReportNumberParams, response: { 200: ZReportResponse } },
    },
    async (request) => ({ data: await unfollowReport(deps, requireUser(request), request.params.number) }),
  );

  r.post(
    `${REPORTS_PATH}/:number/reopen`,
    {
      ...auth,
      schema: {
        tags,
        operationId: 'reports.reopen',
        summary: 'Quien reportó lo reabre (hasta 30 días después de resuelto o descartado)',
        security,
        params: ZReportNumberParams,
        body: ZReportReopenRequest,
        response: { 200: ZReportResponse },
      },
    },
    async (request) => ({
      data: await reopenReport(deps, requireUser(request), request.params.number, request.body.note),
    }),
  );

  r.post(
    `${REPORTS_PATH}/:number/follow-up`,
    {
      config: { rateLimited: true },
      schema: {
        tags,
        operationId: 'reports.addFollowUp',
        summary: '«¿Se resolvió?»: sí lo confirma, no lo reabre. Con el token del correo (sin sesión) o con sesión de quien reportó',
        params: ZReportNumberParams,
        body: ZReportFollowUpRequest,
        response: { 200: ZReportResponse },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(app.rateLimiter, `reports-follow-up:${request.ip}`, 60, HOUR, reply);
      const { resolved, note, token } = request.body;
      return {
        data: await answerFollowUp(deps, request.user, { number: request.params.number, token, resolved, note }),
      };
    },
  );

  await app.register(handlingRoutes);
  await app.register(reportCategoryAdminRoutes);
  await app.register(reportSettingsAdminRoutes);

  // The "¿Se resolvió?" e-mails, 7 days after resuelto.
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', () => {
    if (app.config.env === 'test') return;
    timer = setInterval(() => {
      sendDueFollowUps(deps).catch((err: unknown) => app.log.error({ err }, 'report follow-ups failed'));
    }, FOLLOW_UP_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', () => {
    if (timer) clearInterval(timer);
  });
}
