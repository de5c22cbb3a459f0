/**
 * Files a write through the outbox when there is no connection. Features call `sendOrQueue`
 * with their POST; it answers either the server's result or the queued entry.
 */
import { IDEMPOTENCY_KEY_HEADER } from '@puntoverde/contract';
import { ApiError } from '../api-client';
import { getCurrentUser, isLoggedIn } from '../session';
import { uploadFile } from '../upload-file';
import { withPhotoIds, type OutboxEntry, type OutboxPhoto } from './outbox';
import { outbox } from './outbox-store';
import { requestOutboxSync } from './service-worker';

/** Whether an error means "no connection" (not a server refusal). */
export function isOfflineError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network-request-failed';
}

export type QueueInput = {
  kind: string;
  path: string;
  body: unknown;
  label: string;
  photos?: OutboxPhoto[];
  photosField?: string;
};

/** A form's photos: already uploaded (`fileId`) or kept on the device (`bytes`) while offline. */
export type PhotosInput = { field: string; list: readonly OutboxPhoto[] };

/** Only what the outbox stores (a form's photo also carries its preview URL). */
function storedPhoto(p: OutboxPhoto): OutboxPhoto {
  return p.fileId
    ? { key: p.key, fileId: p.fileId, ...(p.url ? { url: p.url } : {}) }
    : { key: p.key, bytes: p.bytes!, type: p.type ?? 'image/jpeg', fileName: p.fileName ?? 'foto.jpg' };
}

export async function queueWrite(input: QueueInput, idempotencyKey?: string): Promise<OutboxEntry> {
  const user = getCurrentUser();
  const entry = await outbox.add({ ...input, userId: isLoggedIn(user) ? user.id : null, idempotencyKey });
  void requestOutboxSync();
  return entry;
}

export type SendOrQueueResult<T> = { sent: T } | { queued: OutboxEntry };

/**
 * Sends now when online; when the browser says it is offline, or the request never got an
 * answer, keeps it for later. The online attempt already carries the Idempotency-Key the queued
 * entry keeps: if its answer was lost after the server wrote it, the retry gets that first answer.
 * Server refusals are thrown as usual (the form shows them).
 */
export async function sendOrQueue<T>(
  input: QueueInput,
  send: (headers: Record<string, string>, body: unknown) => Promise<T>,
  photos?: PhotosInput,
): Promise<SendOrQueueResult<T>> {
  const key = crypto.randomUUID();
  // Photos picked offline go up first (each with its own key), then the write with their ids.
  const list = photos?.list.map(storedPhoto);
  const queue = () => queueWrite(photos && list ? { ...input, photos: list, photosField: photos.field } : input, key);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { queued: await queue() };
  try {
    for (const [i, photo] of (list ?? []).entries()) {
      if (photo.fileId) continue;
      const file = await uploadFile(new Blob([photo.bytes!], { type: photo.type }), photo.fileName ?? 'foto.jpg', {
        kind: 'image',
        idempotencyKey: photo.key,
      });
      list![i] = { key: photo.key, fileId: file.id, url: file.url };
    }
    return { sent: await send({ [IDEMPOTENCY_KEY_HEADER]: key }, withPhotoIds(input.body, photos?.field, list)) };
  } catch (error) {
    if (isOfflineError(error)) return { queued: await queue() };
    throw error;
  }
}
