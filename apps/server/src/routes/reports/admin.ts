import {
  ADMIN_REPORT_CATEGORIES_PATH,
  REPORT_SETTINGS_PATH,
  ZReportSettingsRequest,
  ZReportSettingsResponse,
  HANDLING_REPORTS_PATH,
  ZReportCategoryCreate,
  ZReportCategoryListResponse,
  ZReportCategoryOrder,
  ZReportCategoryParams,
  ZReportCategoryResponse,
  ZReportCategoryUpdate,
  ZHandlerReportListQuery,
  ZHandlerReportListResponse,
  ZHandlerReportResponse,
  ZReportAssignRequest,
  ZReportBulkResponse,
  ZReportBulkStatusChange,
  ZReportNoteRequest,
  ZReportNumberParams,
  ZReportPhotoVisibility,
  ZReportStatusChange,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as categories from '../../features/reports/report-categories.service.js';
import { addInternalNote, assertHandles, assignReport, getHandlerReport, listHandlerReports, setPhotoHidden } from '../../features/reports/report-handling.service.js';
import { bulkChangeStatus, changeStatus } from '../../features/reports/report-status.service.js';
import { declareAuthLevel, requireAdmin, requireManagerOrAdmin } from '../../plugins/auth.js';
import { readReportSettings, writeReportSettings } from '../../features/reports/report-settings.service.js';
import { reportsDeps } from './deps.js';

/**
 * Handling incident reports: point managers on the reports of their points, staff on all. The
 * hook answers 401/403 before any body is read; each report is then checked on its own (a
 * manager of point X gets 403 on a report of point Y).
 */
export default async function handlingRoutes(app: FastifyInstance) {
  const deps = reportsDeps(app);
  declareAuthLevel(app, 'manager');
  app.addHook('onRequest', async (request) => {
    requireManagerOrAdmin(request);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports: handling'];
  const security = [{ bearer: [] }];
  const P = HANDLING_REPORTS_PATH;
  /** Before the body is validated: a manager of another point's report gets 403, not a 400. */
  const handlesReport = async (request: FastifyRequest) => {
    const params = ZReportNumberParams.safeParse(request.params);
    if (params.success) await assertHandles(deps, requireManagerOrAdmin(request), params.data.number);
  };

  r.get(
    P,
    {
      schema: {
        tags,
        operationId: 'reportHandling.list',
        summary: 'Bandeja de reportes (los más antiguos primero): responsables, los de sus puntos; administración, todos',
        security,
        querystring: ZHandlerReportListQuery,
        response: { 200: ZHandlerReportListResponse },
      },
    },
    async (request) => ({ data: await listHandlerReports(deps, requireManagerOrAdmin(request), request.query) }),
  );

  r.post(
    `${P}/bulk-status`,
    {
      schema: {
        tags,
        operationId: 'reportHandling.bulkChangeStatus',
        summary: 'Cambia el estado de varios reportes a la vez (cada uno se valida por separado)',
        security,
        body: ZReportBulkStatusChange,
        response: { 200: ZReportBulkResponse },
      },
    },
    async (request) => {
      const { numbers, ...change } = request.body;
      return { data: await bulkChangeStatus(deps, requireManagerOrAdmin(request), numbers, change) };
    },
  );

  r.get(
    `${P}/:number`,
    {
      schema: {
        tags,
        operationId: 'reportHandling.get',
        summary: 'Un reporte con quién lo hizo, notas internas y fotos ocultas',
        security,
        params: ZReportNumberParams,
        response: { 200: ZHandlerReportResponse },
      },
    },
    async (request) => ({ data: await getHandlerReport(deps, requireManagerOrAdmin(request), request.params.number) }),
  );

  r.post(
    `${P}/:number/status`,
    {
      preValidation: handlesReport,
      schema: {
        tags,
        operationId: 'reportHandling.changeStatus',
        summary: 'Cambia el estado: en_revision, programado, resuelto, descartado (reason), duplicado (duplicate_of) o abierto',
        security,
        params: ZReportNumberParams,
        body: ZReportStatusChange,
        response: { 200: ZHandlerReportResponse },
      },
    },
    async (request) => ({
      data: await changeStatus(deps, requireManagerOrAdmin(request), request.params.number, request.body),
    }),
  );

  r.post(
    `${P}/:number/notes`,
    {
      preValidation: handlesReport,
      schema: { tags, operationId: 'reportHandling.addNote', summary: 'Nota interna (no la ve el público)', security, params: ZReportNumberParams, body: ZReportNoteRequest, response: { 200: ZHandlerReportResponse } },
    },
    async (request) => ({
      data: await addInternalNote(deps, requireManagerOrAdmin(request), request.params.number, request.body.text),
    }),
  );

  r.post(
    `${P}/:number/assign`,
    {
      preValidation: handlesReport,
      schema: { tags, operationId: 'reportHandling.assign', summary: 'Asigna el reporte a alguien del equipo o a quien administra el punto', security, params: ZReportNumberParams, body: ZReportAssignRequest, response: { 200: ZHandlerReportResponse } },
    },
    async (request) => ({
      data: await assignReport(deps, requireManagerOrAdmin(request), request.params.number, request.body.assignee_id),
    }),
  );

  r.post(
    `${P}/:number/photo-visibility`,
    {
      preValidation: handlesReport,
      // Staff only: refused managers get 403 before the body.
      config: { auth: 'admin' },
      schema: { tags, operationId: 'reportHandling.setPhotoVisibility', summary: 'Administración oculta (o vuelve a mostrar) una foto al público', security, params: ZReportNumberParams, body: ZReportPhotoVisibility, response: { 200: ZHandlerReportResponse } },
    },
    async (request) => ({
      data: await setPhotoHidden(deps, requireAdmin(request), request.params.number, request.body.photo_id, request.body.hidden),
    }),
  );
}

/**
 * Staff edit the report categories: create, rename, describe, disable and order them (audited).
 * Codes never change; categories are disabled, never deleted.
 */
export async function reportCategoryAdminRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: report categories'];
  const security = [{ bearer: [] }];
  const P = ADMIN_REPORT_CATEGORIES_PATH;

  r.get(
    P,
    { schema: { tags, operationId: 'adminReportCategories.list', summary: 'Todas las categorías de reporte (activas y desactivadas), en su orden', security, response: { 200: ZReportCategoryListResponse } } },
    async () => ({ data: await categories.allCategories(app.db) }),
  );

  r.post(
    P,
    {
      schema: {
        tags,
        operationId: 'adminReportCategories.create',
        summary: 'Crea una categoría (el código sale del nombre si no se indica y no cambia después)',
        security,
        body: ZReportCategoryCreate,
        response: { 201: ZReportCategoryResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await categories.createCategory(app.db, request.body, requireAdmin(request)) }),
  );

  r.post(
    `${P}/order`,
    {
      schema: {
        tags,
        operationId: 'adminReportCategories.reorder',
        summary: 'Ordena las categorías: la lista completa de códigos, de la primera a la última',
        security,
        body: ZReportCategoryOrder,
        response: { 200: ZReportCategoryListResponse },
      },
    },
    async (request) => ({ data: await categories.orderCategories(app.db, request.body.codes, requireAdmin(request)) }),
  );

  r.put(
    `${P}/:code`,
    {
      schema: {
        tags,
        operationId: 'adminReportCategories.update',
        summary: 'Renombra, describe, activa o desactiva una categoría',
        security,
        params: ZReportCategoryParams,
        body: ZReportCategoryUpdate,
        response: { 200: ZReportCategoryResponse },
      },
    },
    async (request) => ({ data: await categories.updateCategory(app.db, request.params.code, request.body, requireAdmin(request)) }),
  );
}

/** Staff: how far a report filed without a point may be from a point to go to its managers. */
export async function reportSettingsAdminRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  r.get(
    REPORT_SETTINGS_PATH,
    {
      schema: {
        tags,
        security,
        operationId: 'adminSettings.getReports',
        summary: 'Distancia a la que un reporte sin punto se envía al punto activo más cercano (solo administración)',
        response: { 200: ZReportSettingsResponse },
      },
    },
    async () => ({ data: await readReportSettings(app.db) }),
  );

  r.put(
    REPORT_SETTINGS_PATH,
    {
      schema: {
        tags,
        security,
        operationId: 'adminSettings.updateReports',
        summary: 'Cambia esa distancia en metros (0 la apaga: los reportes sin punto quedan con la administración)',
        body: ZReportSettingsRequest,
        response: { 200: ZReportSettingsResponse },
      },
    },
    async (request) => ({ data: await writeReportSettings(app.db, requireAdmin(request).id, request.body) }),
  );
}
