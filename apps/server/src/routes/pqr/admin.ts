import {
  ADMIN_PQR_CALENDAR_PATH,
  ZAdminPqrAnswerRequest,
  ZAdminPqrAssignRequest,
  ZAdminPqrDetailResponse,
  ZAdminPqrExtensionRequest,
  ZAdminPqrListQuery,
  ZAdminPqrListResponse,
  ZAdminPqrNoteRequest,
  ZAdminPqrStatusRequest,
  ZAdminPqrTransferRequest,
  ZPqrCalendarDateParams,
  ZPqrCalendarDay,
  ZPqrCalendarListResponse,
  ZPqrMonthQuery,
  ZPqrRadicadoParams,
  ZPqrReportResponse,
  ZPqrStaffListResponse,
  ADMIN_PQR_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listCalendar, removeCalendarDay, setCalendarDay } from '../../features/pqr/pqr-calendar.service.js';
import type { PqrDeps } from '../../features/pqr/pqr-deps.js';
import { getAdminPqr, listAdminPqrs, listStaff } from '../../features/pqr/pqr-inbox.service.js';
import { monthlyReport, reportCsv } from '../../features/pqr/pqr-report.service.js';
import {
  addNote,
  answerPqr,
  assignPqr,
  changeStatus,
  extendPqr,
  transferPqr,
} from '../../features/pqr/pqr-transitions.service.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { Deprecation } from '../../plugins/http-conventions.js';


/** Staff's endpoints: inbox, staff list, monthly report, calendar, and the actions on one PQR. */
export function adminPqrRoutes(app: FastifyInstance, deps: PqrDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminTags = ['admin: pqr'];
  const security = [{ bearer: [] }];
  /** Back-office routes: staff only, checked before the body (401/403 before 400). */
  const STAFF = { auth: 'admin' } as const;
  const ADMIN = ADMIN_PQR_PATH;

  r.get(
    ADMIN,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.list',
        summary: 'Bandeja de PQR ordenada por vencimiento, con semáforo y filtros',
        security,
        querystring: ZAdminPqrListQuery,
        response: { 200: ZAdminPqrListResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { data: await listAdminPqrs(deps, request.query, admin) };
    },
  );

  r.get(
    `${ADMIN}/staff`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.listStaff',
        summary: 'Personas del equipo a quienes asignar PQR',
        security,
        response: { 200: ZPqrStaffListResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { data: await listStaff(app.db) };
    },
  );

  r.get(
    `${ADMIN}/report`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.report',
        summary: 'Informe mensual: volumen por tipo y porcentaje respondido a tiempo',
        security,
        querystring: ZPqrMonthQuery,
        response: { 200: ZPqrReportResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { data: await monthlyReport(app.db, request.query.month) };
    },
  );

  r.get(
    `${ADMIN}/report.csv`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.reportCsv',
        summary: 'Informe mensual en CSV (separador «;», coma decimal, UTF-8)',
        security,
        querystring: ZPqrMonthQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const report = await monthlyReport(app.db, request.query.month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pqr-${request.query.month}.csv"`)
        .header('cache-control', 'no-store')
        .send(reportCsv(report));
    },
  );

  // The business-day calendar. Its old place under /admin/pqr/ made /calendar/{date} and
  // /{radicado}/assign match the same URLs; it answers there, deprecated, until its sunset.
  const calendarRoutes = (base: string, deprecated?: Deprecation) => {
    const config = deprecated ? { ...STAFF, deprecated } : STAFF;
    const documented = (operationId: string) => (deprecated ? { hide: true } : { operationId });
    r.get(
      base,
      {
        config,
        schema: {
          ...documented('adminPqr.getCalendar'),
          tags: adminTags,
          summary: 'Días no hábiles adicionales o hábiles por excepción que usa el cálculo de plazos',
          security,
          response: { 200: ZPqrCalendarListResponse },
        },
      },
      async (request) => {
        requireAdmin(request);
        return { data: await listCalendar(app.db) };
      },
    );
    r.put(
      base,
      {
        config,
        schema: {
          ...documented('adminPqr.setCalendarDay'),
          tags: adminTags,
          summary: 'Marca un día como no hábil (cierre) o hábil por excepción',
          security,
          body: ZPqrCalendarDay,
          response: { 200: ZPqrCalendarListResponse },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return { data: await setCalendarDay(app.db, request.body, admin) };
      },
    );
    r.delete(
      `${base}/:date`,
      {
        config,
        schema: {
          ...documented('adminPqr.removeCalendarDay'),
          tags: adminTags,
          summary: 'Quita una excepción del calendario',
          security,
          params: ZPqrCalendarDateParams,
          response: { 200: ZPqrCalendarListResponse },
        },
      },
      async (request) => {
        requireAdmin(request);
        return { data: await removeCalendarDay(app.db, request.params.date) };
      },
    );
  };
  calendarRoutes(ADMIN_PQR_CALENDAR_PATH);
  calendarRoutes(`${ADMIN}/calendar`, { since: '2026-12-02', sunset: '2027-06-30', successor: ADMIN_PQR_CALENDAR_PATH });

  r.get(
    `${ADMIN}/:radicado`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.get',
        summary: 'Detalle de una PQR con historial completo y notas internas',
        security,
        params: ZPqrRadicadoParams,
        response: { 200: ZAdminPqrDetailResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { data: await getAdminPqr(deps, request.params.radicado) };
    },
  );

  r.post(
    `${ADMIN}/:radicado/assign`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.assign',
        summary: 'Asigna la PQR a una persona del equipo (o la deja sin asignar)',
        security,
        params: ZPqrRadicadoParams,
        body: ZAdminPqrAssignRequest,
        response: { 200: ZAdminPqrDetailResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { data: await assignPqr(deps, request.params.radicado, request.body.assignee_id, admin) };
    },
  );

  r.post(
    `${ADMIN}/:radicado/notes`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.addNote',
        summary: 'Agrega una nota interna (el peticionario no la ve)',
        security,
        params: ZPqrRadicadoParams,
        body: ZAdminPqrNoteRequest,
        response: { 200: ZAdminPqrDetailResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { data: await addNote(deps, request.params.radicado, request.body.body, admin) };
    },
  );

  r.post(
    `${ADMIN}/:radicado/status`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.changeStatus',
        summary:
          'Cambia el estado: en trámite, pendiente de información del peticionario o cerrada (409 si no se permite)',
        security,
        params: ZPqrRadicadoParams,
        body: ZAdminPqrStatusRequest,
        response: { 200: ZAdminPqrDetailResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { data: await changeStatus(deps, request.params.radicado, request.body, admin) };
    },
  );

  r.post(
    `${ADMIN}/:radicado/answer`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.answer',
        summary: 'Responde la PQR (texto y adjuntos); se envía por correo y queda visible en la app',
        security,
        params: ZPqrRadicadoParams,
        body: ZAdminPqrAnswerRequest,
        response: { 200: ZAdminPqrDetailResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { data: await answerPqr(deps, request.params.radicado, request.body, admin) };
    },
  );

  r.post(
    `${ADMIN}/:radicado/extension`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.extend',
        summary: 'Prórroga única antes del vencimiento, con motivo y nueva fecha (máximo el doble del plazo)',
        security,
        params: ZPqrRadicadoParams,
        body: ZAdminPqrExtensionRequest,
        response: { 200: ZAdminPqrDetailResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { data: await extendPqr(deps, request.params.radicado, request.body, admin) };
    },
  );

  r.post(
    `${ADMIN}/:radicado/transfer`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
        operationId: 'adminPqr.transfer',
        summary: 'Traslada la PQR a la entidad competente (dentro de 5 días hábiles) y avisa al peticionario',
        security,
        params: ZPqrRadicadoParams,
        body: ZAdminPqrTransferRequest,
        response: { 200: ZAdminPqrDetailResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { data: await transferPqr(deps, request.params.radicado, request.body, admin) };
    },
  );
}
