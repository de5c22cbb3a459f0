import { z } from 'zod';
import { SIZE_DOC_BYTES, SIZE_IMG_BYTES } from './constants.js';

/**
 * Uploads (issue 5). The type is decided by the file's magic bytes, never by its name or the
 * Content-Type the client sent. Limits: spec §9 sizeImg/sizeDoc taken as KiB.
 */
export const FILE_KINDS = ['image', 'document'] as const;
export const ZFileKind = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof ZFileKind>;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_MIME_TYPES = ['application/pdf'] as const;
/** What a file input may offer (`accept` attribute). */
export const UPLOAD_ACCEPT_IMAGES = IMAGE_MIME_TYPES.join(',');
export const UPLOAD_ACCEPT_ALL = [...IMAGE_MIME_TYPES, ...DOCUMENT_MIME_TYPES].join(',');

/** Largest accepted upload of each kind, in bytes. */
export const FILE_SIZE_LIMIT_BYTES: Record<FileKind, number> = {
  image: SIZE_IMG_BYTES,
  document: SIZE_DOC_BYTES,
};

/** Images are re-encoded to fit inside this box (longest side, px). */
export const IMAGE_MAX_DIMENSION_PX = 1600;
/** The client downscales photos to this longest side before uploading. */
export const CLIENT_IMAGE_MAX_DIMENSION_PX = 1600;

/** Multipart field name of the upload. */
export const UPLOAD_FIELD = 'file';

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
