import {
  FILE_SIZE_LIMIT_BYTES,
  UPLOAD_FIELD,
  ZFileIdParams,
  ZUploadQuery,
  ZUploadedFile,
  dataOf,
  FILES_PATH,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canReadFile } from '../../features/files/files.access.js';
import {
  findFile,
  processUpload,
  readStoredFile,
  recoverUploads,
  saveFile,
  toUploadedFile,
} from '../../features/files/files.service.js';
import { verifyFileSignature } from '../../features/files/file-url.js';
import { storageFromConfig } from '../../features/files/storage.js';
import { createVariantQueue, ensureVariant, parseVariantName, variantMime } from '../../features/files/image-variants.js';
import { AppError } from '../../lib/app-error.js';
import { requireUser } from '../../plugins/auth.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';

/** Uploads per user in the window below. */
const UPLOADS_PER_WINDOW = 60;
const UPLOAD_WINDOW_MS = 15 * 60 * 1000;
/** Bytes without a row younger than this may be another instance's upload in progress. */
const ORPHAN_MIN_AGE_MS = 15 * 60 * 1000;
const RECOVERY_EVERY_MS = 60 * 60 * 1000;

// The largest kind's limit; the per-kind limit is checked once the type is known.
const UPLOAD_LIMITS = {
  fileSize: Math.max(FILE_SIZE_LIMIT_BYTES.image, FILE_SIZE_LIMIT_BYTES.document),
  files: 1,
  fields: 4,
  parts: 5,
  fieldNameSize: 100,
  headerPairs: 100,
};

export default async function filesRoutes(app: FastifyInstance) {
  const storage = storageFromConfig(app.config);
  app.addHook('onClose', () => storage.close());

  // What a crash interrupted in saveFile is finished or undone before the server listens. An
  // embedded SQLite database on the local disk has one writer, this process: nothing is in
  // progress at start, so no age is needed; shared storage or PostgreSQL may have other instances.
  const recover = async (minAgeMs: number) => {
    try {
      const done = await recoverUploads(app.db, storage, { minAgeMs });
      if (done.moved || done.deleted)
        app.log.warn(done, 'files: finished interrupted uploads and removed orphan bytes');
    } catch (err) {
      app.log.warn({ err }, 'files: upload recovery failed; retried later');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await recover(app.database.dialect === 'sqlite' && storage.kind === 'local' ? 0 : ORPHAN_MIN_AGE_MS);
    timer = setInterval(() => void recover(ORPHAN_MIN_AGE_MS), RECOVERY_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  // Responsive variants are made after the upload answers; what is still waiting at shutdown
  // is made on first request instead.
  const variants = createVariantQueue(app.log);
  app.addHook('onClose', () => variants.stop(storage));
  // Once listening (after the demo seed, and never in tests that only inject): the variants
  // of images stored before, by the seed, or lost to a crash, in the background.
  app.addHook('onListen', async () => variants.enqueueBackfill(app.db, storage));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    FILES_PATH,
    {
      schema: {
        tags: ['files'],
        operationId: 'files.upload',
        summary:
          'Sube una imagen (JPG, PNG, WebP; máx. 1536 KiB) o un PDF (máx. 2048 KiB) en el campo multipart «file»',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        querystring: ZUploadQuery,
        response: { 201: dataOf(ZUploadedFile) },
      },
      // A photo kept offline is uploaded again after a lost answer with the same Idempotency-Key:
      // the retry answers the first file instead of storing a second copy. A multipart body is
      // read in the handler, so the key stands for one file (not compared byte by byte).
      config: { idempotency: true, rateLimited: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(app.rateLimiter, `upload:${user.id}`, UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS, reply);
      const { bytes, truncated } = await request.readUpload(UPLOAD_FIELD, UPLOAD_LIMITS);
      const processed = await processUpload(bytes, {
        truncated,
        expectedKind: request.query.kind,
      });
      const row = await saveFile(app.db, storage, processed, { ownerId: user.id });
      if (row.kind === 'image') variants.enqueue(storage, row);
      return reply.code(201).send({ data: toUploadedFile(app.config.tokenSecret, row) });
    },
  );

  r.get(
    `${FILES_PATH}/:id`,
    {
      schema: {
        tags: ['files'],
        operationId: 'files.get',
        summary: 'Descarga un archivo: públicos para todos; privados para su dueño, el personal o con enlace firmado',
        params: ZFileIdParams,
        querystring: z.object({ exp: z.coerce.number().int().optional(), sig: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = await findFile(app.db, id);
      if (!row) throw new AppError('not-found');
      const signed = verifyFileSignature(app.config.tokenSecret, row.public_id, request.query.exp, request.query.sig);
      // Someone else's private file: the same 404 as a file that does not exist.
      if (!signed && !(await canReadFile(app.db, row, request.user))) throw new AppError('not-found');
      const etag = `"${row.public_id}"`;
      // Stored bytes never change for a public id. Set only on answers that carry them (or a
      // 304), so an error while the storage is down is never cached.
      const cacheHeaders = {
        'cache-control': row.is_public ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
        etag,
      };
      if (request.headers['if-none-match'] === etag) return reply.code(304).headers(cacheHeaders).send();
      const body = await readStoredFile(storage, row);
      if (!body) throw new AppError('not-found');
      reply.headers(cacheHeaders);
      reply.header(
        'content-disposition',
        row.kind === 'document' ? `attachment; filename="${row.public_id}.pdf"` : 'inline',
      );
      return reply.type(row.mime).send(body);
    },
  );
  r.get(
    `${FILES_PATH}/:id/:variant`,
    {
      schema: {
        tags: ['files'],
        operationId: 'files.getVariant',
        summary:
          'Una variante de una imagen subida: ancho 320, 640 o 1200 px (nunca más que el original) en AVIF, WebP o JPEG, p. ej. «640.avif»; mismo acceso que el archivo',
        params: ZFileIdParams.extend({ variant: z.string().max(16) }),
        querystring: z.object({ exp: z.coerce.number().int().optional(), sig: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const variant = parseVariantName(request.params.variant);
      if (!variant) throw new AppError('not-found');
      const row = await findFile(app.db, id);
      if (!row || row.kind !== 'image') throw new AppError('not-found');
      const signed = verifyFileSignature(app.config.tokenSecret, row.public_id, request.query.exp, request.query.sig);
      if (!signed && !(await canReadFile(app.db, row, request.user))) throw new AppError('not-found');
      const etag = `"${row.public_id}-${variant.width}.${variant.format}"`;
      const cacheHeaders = {
        'cache-control': row.is_public ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
        etag,
      };
      if (request.headers['if-none-match'] === etag) return reply.code(304).headers(cacheHeaders).send();
      let body: Buffer | null;
      try {
        body = await ensureVariant(storage, row, variant);
      } catch (err) {
        // The original is what a variant falls back to: an image sharp cannot re-encode now
        // still shows, just not cached as if it were the variant.
        request.log.warn({ err, file: row.public_id }, 'files: variant failed; serving the original');
        const original = await readStoredFile(storage, row);
        if (!original) throw new AppError('not-found');
        reply.header('cache-control', row.is_public ? 'public, max-age=300' : 'private, max-age=300');
        return reply.type(row.mime).header('content-disposition', 'inline').send(original);
      }
      if (!body) throw new AppError('not-found');
      reply.headers(cacheHeaders);
      reply.header('content-disposition', 'inline');
      return reply.type(variantMime(variant)).send(body);
    },
  );
}
