import { SIZE_DOC_BYTES, SIZE_IMG_BYTES } from './constants.js';

/**
 * Upload kinds, types and limits, apart from their schemas (files.ts) so that screens which only
 * offer a file input or queue a photo offline (the offline outbox's flush on every signed-in
 * page) do not load zod for them.
 */
export const FILE_KINDS = ['image', 'document'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

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


/** POST: uploads a file (`?kind=`); GET `{path}/{id}`: reads it. */
export const FILES_PATH = '/back/api/v1/files';
