import type { PqrUpload } from '@puntoverde/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { deleteFiles, filesByIds, filesByPublicIds, processUpload, saveFile } from '../files/files.service.js';
import type { PqrDeps } from './pqr-deps.js';
import * as repo from './pqr.repository.js';

/** Files a PQR carries: uploads (with or without an account) and the checks before filing. */

/** The uploads feature's storage, as its service takes it. */
type FileStorage = Parameters<typeof saveFile>[1];

function hashKey(key: string): string {
  return createHash('sha256').update(`pqr-upload:${key}`).digest('hex');
}

const UPLOAD_KEY_PATTERN = /^[A-Za-z0-9_-]{32,100}$/;

/**
 * Checks every referenced file before anything is written: it exists, no PQR holds it yet, and
 * the caller uploaded it — as the logged-in owner, or anonymously with this form's upload key.
 */
export async function resolveAttachments(
  trx: Executor,
  publicIds: string[],
  who: { userId: number | null; uploadKey: string | null | undefined },
  field = 'attachments',
): Promise<number[]> {
  const files = await filesByPublicIds(trx, publicIds);
  const states = await repo.findUploadState(
    trx,
    files.map((f) => f.id),
  );
  const keyHash = who.uploadKey ? hashKey(who.uploadKey) : null;
  return publicIds.map((publicId, i) => {
    const row = files.find((r) => r.public_id === publicId);
    const state = row && states.find((s) => s.file_id === row.id);
    const mine =
      row &&
      state &&
      ((who.userId !== null && row.owner_id === who.userId) ||
        (row.owner_id === null && keyHash !== null && state.key_hash === keyHash));
    if (!row || !state || !mine || state.attached !== null)
      throw AppError.field('pqr-attachment-invalid', `${field}.${i}`);
    return row.id;
  });
}

/** A PQR-form upload: allowed without an account, tied to a random key the browser keeps. */
export async function uploadPqrAttachment(
  deps: PqrDeps,
  storage: FileStorage,
  bytes: Buffer,
  options: { truncated: boolean; user: AuthUser | null; uploadKey: string | undefined },
): Promise<PqrUpload> {
  const processed = await processUpload(bytes, { truncated: options.truncated });
  const row = await saveFile(deps.db, storage, processed, { ownerId: options.user?.id ?? null });
  let key: string | null = null;
  if (!options.user) {
    key =
      options.uploadKey && UPLOAD_KEY_PATTERN.test(options.uploadKey)
        ? options.uploadKey
        : randomBytes(24).toString('base64url');
    try {
      await repo.insertAnonymousUpload(deps.db, row.id, hashKey(key), new Date().toISOString());
    } catch (err) {
      await deleteFiles(deps.db, [row.id]);
      await storage.delete(row.storage_key).catch(() => undefined);
      throw err;
    }
    await purgeStaleUploads(deps, storage);
  }
  return { id: row.public_id, kind: processed.kind, mime: row.mime, size: row.size, upload_key: key };
}

/** Anonymous uploads never filed within a day are removed (best effort, a few at a time). */
async function purgeStaleUploads(deps: PqrDeps, storage: FileStorage): Promise<void> {
  try {
    const before = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    const staleIds = await repo.findStaleAnonymousUploads(deps.db, before);
    if (!staleIds.length) return;
    const stale = [...(await filesByIds(deps.db, staleIds)).values()];
    await deleteFiles(deps.db, staleIds);
    await Promise.all(stale.map((s) => storage.delete(s.storage_key).catch(() => undefined)));
  } catch (err) {
    deps.log.warn({ err }, 'could not purge stale PQR uploads');
  }
}
