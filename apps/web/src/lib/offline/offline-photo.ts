/**
 * A form's photos while the connection comes and goes: uploaded ones carry their file id,
 * the ones taken offline their bytes (kept with the outbox entry until they can go up).
 */
import { ERRORS, FILE_SIZE_LIMIT_BYTES, IMAGE_MIME_TYPES, type UploadedFile } from '@puntoverde/contract';
import type { OutboxEntry, OutboxPhoto } from './outbox';

export type FormPhoto = OutboxPhoto & { preview: string };

/** A photo picked with no connection, before it is kept: what the server would refuse, in Spanish. */
export function offlinePhotoProblem(blob: Blob): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(blob.type)) return ERRORS['file-type-not-allowed'].message;
  if (blob.size > FILE_SIZE_LIMIT_BYTES.image) return ERRORS['image-too-large'].message;
  return null;
}

export async function keptPhoto(photo: { blob: Blob; fileName: string; key: string }): Promise<FormPhoto> {
  return {
    key: photo.key,
    bytes: await photo.blob.arrayBuffer(),
    type: photo.blob.type,
    fileName: photo.fileName,
    preview: URL.createObjectURL(photo.blob),
  };
}

export function uploadedPhoto(file: UploadedFile): FormPhoto {
  return { key: file.id, fileId: file.id, url: file.url, preview: file.url };
}

/** The photos of an outbox entry opened for editing (uploaded or still on the device). */
export function photosOfEntry(entry: OutboxEntry | undefined): FormPhoto[] {
  return (entry?.photos ?? []).map((p) => ({
    ...p,
    preview: p.url ?? (p.bytes ? URL.createObjectURL(new Blob([p.bytes], { type: p.type })) : ''),
  }));
}
