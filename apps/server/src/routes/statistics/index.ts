import {
  ADMIN_IMPACT_FACTORS_PATH,
  ADMIN_STATISTICS_PATH,
  STATISTICS_PATH,
  ZImpactFactorListResponse,
  ZImpactFactorParams,
  ZImpactFactorResponse,
  ZMyStatisticsResponse,
  ZSchemeImpactResponse,
  ZSchemeMonthQuery,
  ZSchemeMonthResponse,
  ZSchemeStatisticsQuery,
  ZSchemeStatisticsResponse,
  ZStatisticsQuery,
  ZUpdateImpactFactorRequest,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as statistics from '../../features/statistics/statistics.service.js';
import { AppError } from '../../lib/app-error.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';

const TAGS = ['statistics'];
const security = [{ bearer: [] }];

/** Who may call runs at onRequest, before the body is even parsed (401/403 before 400). */
const userFirst = async (request: FastifyRequest) => {
  const user = requireUser(request);
  if (!statistics.statisticsKindOf(user)) throw new AppError('forbidden');
};
const adminFirst = async (request: FastifyRequest) => {
  requireAdmin(request);
};

/** Mis cifras, the scheme's figures (staff), the landing's impact figure and the impact factors. */
export default async function statisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${STATISTICS_PATH}/me`,
    {
      onRequest: userFirst,
      schema: {
        tags: TAGS,
        operationId: 'statistics.mine',
        summary:
          'Mis cifras: kg recogidos por mes y material (hogar, sucursal), consolidado y por sucursal (empresa) o recibidos en mis puntos (responsable), con su impacto',
        security,
        querystring: ZStatisticsQuery,
        response: { 200: ZMyStatisticsResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await statistics.myStatistics(app.db, requireUser(request), request.query) };
    },
  );

  r.get(
    `${STATISTICS_PATH}/impact`,
    {
      schema: {
        tags: TAGS,
        operationId: 'statistics.impact',
        summary: 'Impacto del esquema hasta hoy (kg recogidos, CO₂e evitado, km equivalentes); calculado como mucho cada 10 minutos',
        response: { 200: ZSchemeImpactResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { data: await statistics.schemeImpact(app.db) };
    },
  );

  r.get(
    `${STATISTICS_PATH}/factors`,
    {
      schema: {
        tags: TAGS,
        operationId: 'statistics.factors',
        summary: 'Factores de impacto en uso (EPA WARM v16, referencia de Estados Unidos) y la equivalencia en km',
        response: { 200: ZImpactFactorListResponse },
      },
    },
    async () => ({ data: await statistics.listImpactFactors(app.db) }),
  );

  r.get(
    ADMIN_STATISTICS_PATH,
    {
      config: { auth: 'admin' },
      onRequest: adminFirst,
      schema: {
        tags: ['admin: statistics'],
        operationId: 'adminStatistics.get',
        summary: 'Cifras de todo el esquema por mes y material, ciudad o punto',
        security,
        querystring: ZSchemeStatisticsQuery,
        response: { 200: ZSchemeStatisticsResponse },
      },
    },
    async (request) => ({ data: await statistics.schemeStatistics(app.db, request.query) }),
  );

  r.get(
    `${ADMIN_STATISTICS_PATH}/month`,
    {
      config: { auth: 'admin' },
      onRequest: adminFirst,
      schema: {
        tags: ['admin: statistics'],
        operationId: 'adminStatistics.month',
        summary: 'Kilos de un mes (calendario de Bogotá) en todo el esquema, por material',
        security,
        querystring: ZSchemeMonthQuery,
        response: { 200: ZSchemeMonthResponse },
      },
    },
    async (request) => ({ data: await statistics.schemeMonth(app.db, request.query.month) }),
  );

  r.patch(
    `${ADMIN_IMPACT_FACTORS_PATH}/:code`,
    {
      config: { auth: 'admin' },
      onRequest: adminFirst,
      schema: {
        tags: ['admin: statistics'],
        operationId: 'adminStatistics.updateFactor',
        summary: 'Cambia un factor de impacto (queda en la auditoría; los certificados ya expedidos no cambian)',
        security,
        params: ZImpactFactorParams,
        body: ZUpdateImpactFactorRequest,
        response: { 200: ZImpactFactorResponse },
      },
    },
    async (request) => ({
      data: await statistics.updateImpactFactor(app.db, requireAdmin(request), request.params.code, request.body),
    }),
  );
}
