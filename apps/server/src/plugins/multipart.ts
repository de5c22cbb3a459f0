import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** Busboy's limits for one upload route (parts, fields, file size...). */
export type UploadLimits = {
  fileSize: number;
  files?: number;
  fields?: number;
  parts?: number;
  fieldNameSize?: number;
  headerPairs?: number;
};

export type Upload = { bytes: Buffer; truncated: boolean; filename: string };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Reads the one file of a multipart body from `field`. A body that is not well-formed
     * multipart (cut off, no boundary, broken part headers) is a 400 `multipart-malformed`,
     * logged at warn; nothing reaches the caller, so nothing is stored.
     */
    readUpload(field: string, limits: UploadLimits): Promise<Upload>;
  }
}

/**
 * True for a failure of the multipart parser itself: busboy throws plain errors without a
 * status (`Unexpected end of form`, `Multipart: Boundary not found`, `Malformed part header`),
 * and @fastify/multipart reports a body that ended early as FST_MP_PREMATURE_CLOSE.
 */
export function isMultipartParseError(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError) return false;
  const e = err as Error & { statusCode?: number; code?: string };
  if (e.code === 'FST_MP_PREMATURE_CLOSE') return true;
  return e.statusCode === undefined && /[\\/]busboy[\\/]/.test(e.stack ?? '');
}

export function malformedMultipart(err: unknown, log: FastifyBaseLogger): AppError {
  log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'malformed multipart body refused');
  return new AppError('multipart-malformed', { cause: err });
}

/**
 * Multipart bodies for every upload route, registered once: each route reads its file through
 * `request.readUpload`, so parse failures answer the same 400 everywhere.
 */
export default fp(
  async function multipartPlugin(app: FastifyInstance) {
    await app.register(multipart, { throwFileSizeLimit: false });
    app.decorateRequest('readUpload', async function readUpload(this: FastifyRequest, field: string, limits: UploadLimits) {
      if (!this.isMultipart()) throw new AppError('file-missing');
      try {
        const part = await this.file({ limits, throwFileSizeLimit: false });
        if (!part || part.fieldname !== field) throw AppError.field('file-missing', field);
        const bytes = await part.toBuffer();
        return { bytes, truncated: part.file.truncated, filename: part.filename };
      } catch (err) {
        if (err instanceof AppError) throw err;
        const status = (err as { statusCode?: number }).statusCode;
        // Limits (413) and the plugin's own 4xx stand; every other parser failure is a bad body.
        if (status !== undefined && status >= 400 && status < 500 && !isMultipartParseError(err)) throw err;
        throw malformedMultipart(err, this.log);
      }
    });
  },
  { name: 'multipart' },
);
