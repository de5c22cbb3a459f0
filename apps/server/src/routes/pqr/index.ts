import {
  FILE_SIZE_LIMIT_BYTES,
  PQR_UPLOAD_KEY_HEADER,
  UPLOAD_FIELD,
  ZAdminPqrAnswerRequest,
  ZAdminPqrAssignRequest,
  ZAdminPqrDetailResponse,
  ZAdminPqrExtensionRequest,
  ZAdminPqrListQuery,
  ZAdminPqrListResponse,
  ZAdminPqrNoteRequest,
  ZAdminPqrStatusRequest,
  ZAdminPqrTransferRequest,
  ZCreatePqrRequest,
  ZCreatePqrResponse,
  ZPqrCalendarDateParams,
  ZPqrCalendarDay,
  ZPqrCalendarListResponse,
  ZPqrDueDateQuery,
  ZPqrDueDateResponse,
  ZPqrInformationRequest,
  ZPqrListResponse,
  ZPqrMonthQuery,
  ZPqrRadicadoParams,
  ZPqrReportResponse,
  ZPqrResponse,
  ZPqrStaffListResponse,
  ZPqrTrackQuery,
  ZPqrUploadResponse,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storageFromConfig } from '../../features/files/storage.js';
import { uploadPqrAttachment } from '../../features/pqr/pqr-attachments.service.js';
import {
  computeDueDate,
  listCalendar,
  removeCalendarDay,
  setCalendarDay,
} from '../../features/pqr/pqr-calendar.service.js';
import type { PqrDeps } from '../../features/pqr/pqr-deps.js';
import {
  exportPqrsOfUser,
  filePqr,
  listMyPqrs,
  supplyInformation,
  trackPqr,
} from '../../features/pqr/pqr-filing.service.js';
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
import { AppError } from '../../lib/app-error.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';

const V1 = '/back/api/v1';
const MINUTE = 60 * 1000;

/** Per-IP budgets for the public endpoints (per account when logged in). */
const LIMITS = {
  file: { anonymous: 10, user: 30, windowMs: 60 * MINUTE },
  track: { limit: 30, windowMs: 15 * MINUTE },
  upload: { limit: 30, windowMs: 60 * MINUTE },
} as const;

async function limit(app: FastifyInstance, key: string, max: number, windowMs: number) {
  const rate = await app.rateLimiter.hit(key, max, windowMs);
  if (!rate.allowed) throw new AppError('too-many-requests', { headers: { 'retry-after': String(rate.retryAfterS) } });
}

const UPLOAD_LIMITS = {
  fileSize: Math.max(FILE_SIZE_LIMIT_BYTES.image, FILE_SIZE_LIMIT_BYTES.document),
  files: 1,
  fields: 2,
  parts: 3,
  fieldNameSize: 100,
  headerPairs: 100,
};

function who(request: FastifyRequest): string {
  return request.user ? `u:${request.user.id}` : `ip:${request.ip}`;
}

export default async function pqrRoutes(app: FastifyInstance) {
  const deps: PqrDeps = {
    db: app.db,
    mailer: app.mailer,
    tokenSecret: app.config.tokenSecret,
    publicUrl: app.config.publicUrl,
    log: app.log,
  };
  const storage = storageFromConfig(app.config);
  // PQRs are kept when an account is deleted (public records the entity must archive); they are
  // part of the account holder's data export.
  if (app.hasDecorator('identity')) {
    app.identity.registerPersonalDataSection('pqr', (_db, userId) => exportPqrsOfUser(deps, userId));
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pqr'];
  const adminTags = ['admin: pqr'];
  const security = [{ bearer: [] }];
  /** Back-office routes: staff only, checked before the body (401/403 before 400). */
  const STAFF = { auth: 'admin' } as const;

  // ——— Public ———

  r.post(
    `${V1}/pqr`,
    {
      // An offline-filed PQR is retried with its Idempotency-Key: never a second radicado.
      config: { idempotency: true },
      schema: {
        tags,
        summary: 'Radica una PQR (con o sin cuenta) y devuelve el radicado y la fecha límite de respuesta',
        body: ZCreatePqrRequest,
        response: { 201: ZCreatePqrResponse },
      },
    },
    async (request, reply) => {
      const max = request.user ? LIMITS.file.user : LIMITS.file.anonymous;
      await limit(app, `pqr-file:${who(request)}`, max, LIMITS.file.windowMs);
      const data = await filePqr(deps, request.body, request.user);
      return reply.code(201).send({ data });
    },
  );

  r.get(
    `${V1}/pqr/track`,
    {
      schema: {
        tags,
        summary: 'Consulta una PQR por radicado y correo (la misma respuesta 404 si alguno no coincide)',
        querystring: ZPqrTrackQuery,
        response: { 200: ZPqrResponse },
      },
    },
    async (request, reply) => {
      await limit(app, `pqr-track:${request.ip}`, LIMITS.track.limit, LIMITS.track.windowMs);
      reply.header('cache-control', 'no-store');
      return { data: await trackPqr(deps, request.query.radicado, request.query.email) };
    },
  );

  r.post(
    `${V1}/pqr/track/information`,
    {
      schema: {
        tags,
        summary: 'El peticionario envía la información que le pidieron; el plazo vuelve a correr',
        body: ZPqrInformationRequest,
        response: { 200: ZPqrResponse },
      },
    },
    async (request) => {
      await limit(app, `pqr-track:${request.ip}`, LIMITS.track.limit, LIMITS.track.windowMs);
      return { data: await supplyInformation(deps, request.body, request.user) };
    },
  );

  r.get(
    `${V1}/pqr/due-date`,
    {
      schema: {
        tags,
        summary: 'Fecha límite de respuesta en días hábiles colombianos para un tipo y un instante de radicación',
        querystring: ZPqrDueDateQuery,
        response: { 200: ZPqrDueDateResponse },
      },
    },
    async (request) => {
      const { type, personal_data_kind, filed_at } = request.query;
      return { data: await computeDueDate(app.db, type, personal_data_kind ?? null, new Date(filed_at)) };
    },
  );

  r.get(
    `${V1}/pqr/mine`,
    { schema: { tags, summary: 'Mis PQR (usuario con sesión)', security, response: { 200: ZPqrListResponse } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return { data: await listMyPqrs(deps, user) };
    },
  );

  // Anonymous citizens cannot use POST /files (it needs an account): the PQR form uploads here,
  // with the same checks and limits, and gets a key that ties the files to its filing.
  await app.register(async (uploads) => {
    uploads.withTypeProvider<ZodTypeProvider>().post(
      `${V1}/pqr/attachments`,
      {
        schema: {
          tags,
          summary: `Adjunto de una PQR (imagen JPG/PNG/WebP hasta 1536 KiB o PDF hasta 2048 KiB) en el campo «${UPLOAD_FIELD}»; sin sesión devuelve upload_key para enviarlo en ${PQR_UPLOAD_KEY_HEADER} y en la radicación`,
          consumes: ['multipart/form-data'],
          headers: z.object({ [PQR_UPLOAD_KEY_HEADER]: z.string().max(100).optional() }).loose(),
          response: { 201: ZPqrUploadResponse },
        },
      },
      async (request, reply) => {
        await limit(uploads, `pqr-upload:${who(request)}`, LIMITS.upload.limit, LIMITS.upload.windowMs);
        const { bytes, truncated } = await request.readUpload(UPLOAD_FIELD, UPLOAD_LIMITS);
        const header = request.headers[PQR_UPLOAD_KEY_HEADER];
        const data = await uploadPqrAttachment(deps, storage, bytes, {
          truncated,
          user: request.user,
          uploadKey: typeof header === 'string' ? header : undefined,
        });
        return reply.code(201).send({ data });
      },
    );
  });

  // ——— Back office ———

  const ADMIN = `${V1}/admin/pqr`;

  r.get(
    ADMIN,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
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

  r.get(
    `${ADMIN}/calendar`,
    {
      config: STAFF,
      schema: {
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
    `${ADMIN}/calendar`,
    {
      config: STAFF,
      schema: {
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
    `${ADMIN}/calendar/:date`,
    {
      config: STAFF,
      schema: {
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

  r.get(
    `${ADMIN}/:radicado`,
    {
      config: STAFF,
      schema: {
        tags: adminTags,
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
