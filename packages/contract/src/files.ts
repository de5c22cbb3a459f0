import { z } from 'zod';
import { FILE_KINDS } from './files-values.js';

/**
 * Uploads. The type is decided by the file's magic bytes, never by its name or the
 * Content-Type the client sent. Limits: spec §9 sizeImg/sizeDoc taken as KiB.
 */
export const ZFileKind = z.enum(FILE_KINDS);

export const ZUploadQuery = z.object({
  /** When given, the upload must be of this kind (415 otherwise). */
  kind: ZFileKind.optional(),
});
export type UploadQuery = z.infer<typeof ZUploadQuery>;

export const ZUploadedFile = z.object({
  /** Public random id (never the sequential one); what other payloads refer to. */
  id: z.string(),
  url: z.string(),
  kind: ZFileKind,
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type UploadedFile = z.infer<typeof ZUploadedFile>;

/** A reference to an uploaded file in create/update payloads (its public id). */
export const ZFileRef = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Identificador de archivo no válido');

export const ZFileIdParams = z.object({ id: ZFileRef });
