import {
  DOCUMENT_MIME_TYPES,
  FILE_SIZE_LIMIT_BYTES,
  IMAGE_MAX_DIMENSION_PX,
  IMAGE_MIME_TYPES,
  type FileKind,
  type UploadedFile,
} from '@puntoverde/contract';
import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { AuthUser } from '../../lib/auth-user.js';
import { nowIso, type Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { fileUrl } from './file-url.js';
import { originalKeyOf } from './image-variants.js';
import { findPdfActiveContent } from './pdf-active-content.js';
import {
  deleteFileRow,
  deleteFileRows,
  findFileByPublicId,
  findFilesByIds,
  findFilesByPublicIds,
  findPublicIds,
  findRecordedKeys,
  insertFile,
  markFilePublic,
  type FileRow,
} from './files.repository.js';
import { StorageKeyError, type FileStorage, type StoredObject } from './storage.js';

const STORE_FAILED_MESSAGE = 'No pudimos guardar el archivo en este momento. Inténtalo de nuevo en unos minutos.';
const READ_FAILED_MESSAGE = 'No pudimos abrir el archivo en este momento. Inténtalo de nuevo en unos minutos.';

/** Where bytes wait until their row exists (see saveFile). */
const INCOMING = 'incoming';

/** Refuses images that would decode to more pixels than this (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export type DetectedFile = { kind: FileKind; mime: string };

/** The kind and MIME type from the magic bytes; null when the bytes are not an accepted type. */
export async function detectFileType(bytes: Uint8Array): Promise<DetectedFile | null> {
  const ft = await fileTypeFromBuffer(bytes);
  if (!ft) return null;
  if ((IMAGE_MIME_TYPES as readonly string[]).includes(ft.mime)) return { kind: 'image', mime: ft.mime };
  if ((DOCUMENT_MIME_TYPES as readonly string[]).includes(ft.mime)) return { kind: 'document', mime: ft.mime };
  return null;
}

export type ProcessedFile = {
  kind: FileKind;
  mime: string;
  body: Buffer;
  width: number | null;
  height: number | null;
};

/**
 * Checks an upload and prepares what is stored: the type from the magic bytes (never the name
 * or the declared Content-Type), the size limit of that kind, and for images a re-encode that
 * applies the EXIF orientation, fits {@link IMAGE_MAX_DIMENSION_PX} and drops every metadata
 * block (EXIF GPS, XMP, IPTC, comments).
 * `truncated` = the upload went past the multipart limit, so it is too large whatever it is.
 */
export async function processUpload(
  bytes: Buffer,
  options: { truncated?: boolean; expectedKind?: FileKind | undefined } = {},
): Promise<ProcessedFile> {
  const detected = await detectFileType(bytes);
  if (!detected) throw new AppError('file-type-not-allowed');
  if (options.expectedKind && detected.kind !== options.expectedKind) throw new AppError('file-type-not-allowed');
  if (options.truncated || bytes.length > FILE_SIZE_LIMIT_BYTES[detected.kind]) {
    throw new AppError(detected.kind === 'image' ? 'image-too-large' : 'document-too-large');
  }
  if (detected.kind === 'document') {
    if (findPdfActiveContent(bytes).length) throw new AppError('pdf-active-content');
    return { kind: 'document', mime: detected.mime, body: bytes, width: null, height: null };
  }
  try {
    let pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({
        width: IMAGE_MAX_DIMENSION_PX,
        height: IMAGE_MAX_DIMENSION_PX,
        fit: 'inside',
        withoutEnlargement: true,
      });
    if (detected.mime === 'image/png') pipeline = pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
    else if (detected.mime === 'image/webp') pipeline = pipeline.webp({ quality: 80 });
    else pipeline = pipeline.jpeg({ quality: 82, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { kind: 'image', mime: detected.mime, body: data, width: info.width, height: info.height };
  } catch (err) {
    throw new AppError('image-unreadable', { cause: err });
  }
}

function newPublicId(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Stores processed bytes and records them, in an order a crash cannot break: the bytes go under
 * `incoming/` first, then the row is inserted, then the bytes move to their key. A crash before
 * the row leaves only an `incoming/` object (deleted by {@link recoverUploads}); a crash after it
 * leaves a row whose bytes are still in `incoming/` (moved by the same recovery). No object ever
 * sits under a final key without its row, and a rejected upload leaves nothing behind.
 */
export async function saveFile(
  db: Executor,
  storage: FileStorage,
  file: ProcessedFile,
  options: { ownerId: number | null; isPublic?: boolean },
): Promise<FileRow> {
  const publicId = newPublicId();
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `${now.getUTCFullYear()}/${month}/${publicId}.${EXTENSION[file.mime] ?? 'bin'}`;
  const pending = `${INCOMING}/${key}`;
  try {
    await storage.put(pending, file.body, file.mime);
  } catch (err) {
    // Disk full, bucket unreachable or refusing our credentials: nothing was recorded.
    if (err instanceof StorageKeyError) throw err;
    throw new AppError('service-unavailable', { message: STORE_FAILED_MESSAGE, cause: err });
  }
  let row: FileRow;
  try {
    row = await insertFile(db, {
      public_id: publicId,
      owner_id: options.ownerId,
      kind: file.kind,
      mime: file.mime,
      size: file.body.length,
      width: file.width,
      height: file.height,
      storage_key: key,
      is_public: options.isPublic ? 1 : 0,
      created_at: nowIso(),
    });
  } catch (err) {
    await storage.delete(pending).catch(() => undefined);
    throw err;
  }
  try {
    await storage.move(pending, key);
  } catch (err) {
    await deleteFileRow(db, row.id).catch(() => undefined);
    await storage.delete(pending).catch(() => undefined);
    throw new AppError('service-unavailable', { message: STORE_FAILED_MESSAGE, cause: err });
  }
  return row;
}

/**
 * Finishes or undoes what a crash interrupted, and removes bytes nobody records: an
 * `incoming/` object whose row exists moves to its key (whatever its age); one without a row,
 * and any object under a final key without a row, is deleted once older than `minAgeMs` (an
 * upload of another instance may be between its two steps). Run on start (with 0 when no other
 * instance can be writing) and then periodically.
 */
export async function recoverUploads(
  db: Executor,
  storage: FileStorage,
  options: { minAgeMs: number; now?: Date },
): Promise<{ moved: number; deleted: number }> {
  const cutoff = (options.now ?? new Date()).getTime() - options.minAgeMs;
  const objects = await storage.list('');
  const keyOf = (o: StoredObject) => (o.key.startsWith(`${INCOMING}/`) ? o.key.slice(INCOMING.length + 1) : o.key);
  // An image's variants belong to its row as much as the original does (image-variants.ts).
  const recorded = await recordedKeys(db, [...new Set(objects.map((o) => originalKeyOf(keyOf(o))))]);
  let moved = 0;
  let deleted = 0;
  for (const o of objects) {
    const key = keyOf(o);
    if (recorded.has(originalKeyOf(key))) {
      if (key === o.key) continue;
      await storage.move(o.key, key);
      moved += 1;
    } else if (o.modifiedAt.getTime() <= cutoff) {
      await storage.delete(o.key).catch(() => undefined);
      deleted += 1;
    }
  }
  return { moved, deleted };
}

async function recordedKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    for (const key of await findRecordedKeys(db, keys.slice(i, i + 500))) found.add(key);
  }
  return found;
}

/**
 * The stored bytes of a file row; null when the storage has nothing under its key. A storage
 * that cannot be read (bucket unreachable...) is a 503, not a 500: the file is not lost.
 */
export async function readStoredFile(storage: FileStorage, row: Pick<FileRow, 'storage_key'>): Promise<Buffer | null> {
  try {
    return await storage.get(row.storage_key);
  } catch (err) {
    if (err instanceof StorageKeyError) throw err;
    throw new AppError('service-unavailable', { message: READ_FAILED_MESSAGE, cause: err });
  }
}

/** A file's row by the id its URLs carry. */
export async function findFile(db: Executor, publicId: string): Promise<FileRow | undefined> {
  return findFileByPublicId(db, publicId);
}

/** Public ids of files by id (a page of another feature's rows naming their files), keyed by id. */
export async function publicIdsOfFiles(db: Executor, ids: Iterable<number | null | undefined>): Promise<Map<number, string>> {
  const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  const rows = await findPublicIds(db, unique);
  return new Map(rows.map((r) => [r.id, r.public_id]));
}

/** File rows by id (a page of another feature's rows naming their files), keyed by id. */
export async function filesByIds(db: Executor, ids: Iterable<number | null | undefined>): Promise<Map<number, FileRow>> {
  const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  const rows = await findFilesByIds(db, unique);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Rows of another feature that name a file (`file_id`), each merged with its file row in one
 * lookup; rows whose file is gone are left out (as an inner join would).
 */
export async function withFiles<T extends { file_id: number }, R>(
  db: Executor,
  rows: T[],
  merge: (row: T, file: FileRow) => R,
): Promise<R[]> {
  const files = await filesByIds(
    db,
    rows.map((r) => r.file_id),
  );
  return rows.flatMap((r) => {
    const f = files.get(r.file_id);
    return f ? [merge(r, f)] : [];
  });
}

/** File rows behind the public ids a payload sent (missing ones are simply absent). */
export async function filesByPublicIds(db: Executor, publicIds: readonly string[]): Promise<FileRow[]> {
  return findFilesByPublicIds(db, [...new Set(publicIds)]);
}

/** Removes file rows another feature let go of (their stored bytes are the caller's to delete). */
export async function deleteFiles(db: Executor, ids: readonly number[]): Promise<void> {
  await deleteFileRows(db, ids);
}

export function toUploadedFile(secret: string, row: FileRow): UploadedFile {
  return {
    id: row.public_id,
    url: fileUrl(secret, row),
    kind: row.kind as FileKind,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
  };
}

/**
 * Resolves a file reference sent in a payload (its public id) to the row, checking that the
 * caller may attach it: its owner, or an admin. Throws `file-reference-invalid` (400, on
 * `field`) otherwise. With `kind`, the file must also be of that kind.
 */
export async function resolveFileRef(
  db: Executor,
  publicId: string,
  user: Pick<AuthUser, 'id' | 'is_admin'>,
  options: { field: string; kind?: FileKind },
): Promise<FileRow> {
  const row = await findFileByPublicId(db, publicId);
  if (!row || (!user.is_admin && row.owner_id !== user.id) || (options.kind && row.kind !== options.kind)) {
    throw AppError.field('file-reference-invalid', options.field);
  }
  return row;
}

/** Resolves a reference and makes the file readable by anyone (campaign images, logos). */
export async function attachPublicFile(
  db: Executor,
  publicId: string | null,
  user: Pick<AuthUser, 'id' | 'is_admin'>,
  field: string,
): Promise<number | null> {
  if (!publicId) return null;
  const row = await resolveFileRef(db, publicId, user, { field, kind: 'image' });
  if (!row.is_public) await markFilePublic(db, row.id);
  return row.id;
}

// What other features need from this one (they reach it only through this service).
export { fileUrl } from './file-url.js';
export { storageFromConfig, type FileStorage } from './storage.js';
