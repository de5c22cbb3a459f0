/**
 * POST /back/api/v1/pqr/attachments (multipart) — works without an account. XMLHttpRequest
 * instead of fetch for the progress bar. Anonymous uploads get an upload key that the next
 * uploads and the filing send along, proving the files came from this same form.
 */
import { PQR_UPLOAD_KEY_HEADER, UPLOAD_FIELD, ERRORS, type PqrUpload } from '@puntoverde/contract';
import { ApiError, apiUrl } from '../../../lib/api-client';
import { getCurrentUser } from '../../../lib/session';

export type UploadOptions = {
  uploadKey: string | null;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export function uploadPqrAttachment(file: Blob, filename: string, options: UploadOptions): Promise<PqrUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('v1/pqr/attachments'));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getCurrentUser().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.uploadKey) xhr.setRequestHeader(PQR_UPLOAD_KEY_HEADER, options.uploadKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 201 && body && typeof body === 'object' && 'data' in body) {
        resolve((body as { data: PqrUpload }).data);
        return;
      }
      const shape = (body ?? {}) as { code?: unknown; message?: unknown };
      reject(
        new ApiError(
          typeof shape.code === 'string' ? shape.code : 'internal-error',
          xhr.status,
          typeof shape.message === 'string' ? shape.message : ERRORS['internal-error'].message,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError('network-request-failed', 0, ERRORS['network-request-failed'].message));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, filename);
    xhr.send(form);
  });
}
