/**
 * POST /back/api/v1/pqr/attachments (multipart) — works without an account, with a progress
 * bar. Anonymous uploads get an upload key that the next uploads and the filing send along,
 * proving the files came from this same form.
 */
import { PQR_UPLOAD_KEY_HEADER, type PqrUpload, PQR_PATHS } from '@puntoverde/contract';
import { uploadMultipart, type MultipartOptions } from '../../../lib/upload-file';

export type UploadOptions = Omit<MultipartOptions, 'headers'> & { uploadKey: string | null };

export function uploadPqrAttachment(file: Blob, filename: string, options: UploadOptions): Promise<PqrUpload> {
  const { uploadKey, ...rest } = options;
  return uploadMultipart<PqrUpload>(PQR_PATHS.attachments, file, filename, {
    ...rest,
    headers: { [PQR_UPLOAD_KEY_HEADER]: uploadKey },
  });
}
