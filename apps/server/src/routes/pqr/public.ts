import {
  FILE_SIZE_LIMIT_BYTES,
  PQR_UPLOAD_KEY_HEADER,
  UPLOAD_FIELD,
  ZCreatePqrRequest,
  ZCreatePqrResponse,
  ZPqrDueDateQuery,
  ZPqrDueDateResponse,
  ZPqrInformationRequest,
  ZPqrListResponse,
  ZPqrResponse,
  ZPqrTrackQuery,
  ZPqrUploadResponse,
  PQR_PATHS,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storageFromConfig } from '../../features/files/storage.js';
import { uploadPqrAttachment } from '../../features/pqr/pqr-attachments.service.js';
import { computeDueDate } from '../../features/pqr/pqr-calendar.service.js';
import type { PqrDeps } from '../../features/pqr/pqr-deps.js';
import { filePqr, listMyPqrs, supplyInformation, trackPqr } from '../../features/pqr/pqr-filing.service.js';
import { requireUser } from '../../plugins/auth.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';
import { REQUEST_EXAMPLES } from '../request-examples.js';

const MINUTE = 60 * 1000;

/** Per-IP budgets for the public endpoints (per account when logged in). */
const LIMITS = {
  file: { anonymous: 10, user: 30, windowMs: 60 * MINUTE },
  track: { limit: 30, windowMs: 15 * MINUTE },
  upload: { limit: 30, windowMs: 60 * MINUTE },
} as const;

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

/** The requester's endpoints: file, track, supply information, due date, my PQRs, attachments. */
export async function publicPqrRoutes(app: FastifyInstance, deps: PqrDeps) {
  const storage = storageFromConfig(app.config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pqr'];
  const security = [{ bearer: [] }];

  r.post(
    PQR_PATHS.create,
    {
      // An offline-filed PQR is retried with its Idempotency-Key: never a second radicado.
      config: { errors: ['pqr-attachment-invalid'], idempotency: true, rateLimited: true },
      schema: {
        tags,
        operationId: 'pqr.create',
        summary: 'Radica una PQR (con o sin cuenta) y devuelve el radicado y la fecha límite de respuesta',
        body: ZCreatePqrRequest.meta({ examples: [REQUEST_EXAMPLES.createPqr] }),
        response: { 201: ZCreatePqrResponse },
      },
    },
    async (request, reply) => {
      const max = request.user ? LIMITS.file.user : LIMITS.file.anonymous;
      await enforceRateLimit(app.rateLimiter, `pqr-file:${who(request)}`, max, LIMITS.file.windowMs, reply);
      const data = await filePqr(deps, request.body, request.user);
      return reply.code(201).send({ data });
    },
  );

  r.get(
    PQR_PATHS.track,
    {
      config: { errors: ['pqr-not-found'], rateLimited: true },
      schema: {
        tags,
        operationId: 'pqr.track',
        summary: 'Consulta una PQR por radicado y correo (la misma respuesta 404 si alguno no coincide)',
        querystring: ZPqrTrackQuery,
        response: { 200: ZPqrResponse },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(app.rateLimiter, `pqr-track:${request.ip}`, LIMITS.track.limit, LIMITS.track.windowMs, reply);
      reply.header('cache-control', 'no-store');
      return { data: await trackPqr(deps, request.query.radicado, request.query.email) };
    },
  );

  r.post(
    PQR_PATHS.trackInformation,
    {
      config: { errors: ['pqr-not-found', 'invalid-transition', 'conflict'], rateLimited: true },
      schema: {
        tags,
        operationId: 'pqr.supplyInformation',
        summary: 'El peticionario envía la información que le pidieron; el plazo vuelve a correr',
        body: ZPqrInformationRequest,
        response: { 200: ZPqrResponse },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(app.rateLimiter, `pqr-track:${request.ip}`, LIMITS.track.limit, LIMITS.track.windowMs, reply);
      return { data: await supplyInformation(deps, request.body, request.user) };
    },
  );

  r.get(
    PQR_PATHS.dueDate,
    {
      schema: {
        tags,
        operationId: 'pqr.dueDate',
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
    PQR_PATHS.mine,
    {
      schema: {
        tags,
        operationId: 'pqr.listMine',
        summary: 'Mis PQR (usuario con sesión)',
        security,
        response: { 200: ZPqrListResponse },
      },
    },
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
      PQR_PATHS.attachments,
      {
        config: { rateLimited: true },
        schema: {
          tags,
          operationId: 'pqr.uploadAttachment',
          summary: `Adjunto de una PQR (imagen JPG/PNG/WebP hasta 1536 KiB o PDF hasta 2048 KiB) en el campo «${UPLOAD_FIELD}»; sin sesión devuelve upload_key para enviarlo en ${PQR_UPLOAD_KEY_HEADER} y en la radicación`,
          consumes: ['multipart/form-data'],
          headers: z.object({ [PQR_UPLOAD_KEY_HEADER]: z.string().max(100).optional() }).loose(),
          response: { 201: ZPqrUploadResponse },
        },
      },
      async (request, reply) => {
        await enforceRateLimit(
          uploads.rateLimiter,
          `pqr-upload:${who(request)}`,
          LIMITS.upload.limit,
          LIMITS.upload.windowMs,
          reply,
        );
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
}
