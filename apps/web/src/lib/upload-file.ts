/**
 * POST v1/files (multipart field `file`): uploads one image or PDF with progress events.
 * XMLHttpRequest rather than fetch: fetch reports no upload progress.
 */
import { ERRORS, IDEMPOTENCY_KEY_HEADER, UPLOAD_FIELD, type FileKind, type UploadedFile } from '@puntoverde/contract';
import { ApiError, apiUrl } from './api-client';
import { getCurrentUser } from './session';

export interface UploadOptions {
  /** Refuse anything that is not of this kind (the server checks the real bytes). */
  kind?: FileKind;
  /** 0..1 while the bytes go up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: the same photo sent again after a lost answer is the same file. */
  idempotencyKey?: string;
}

export function uploadFile(file: Blob, fileName: string, options: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`v1/files${options.kind ? `?kind=${options.kind}` : ''}`));
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);
    const token = getCurrentUser().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
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
      const shape = (typeof body === 'object' && body !== null ? body : {}) as {
        data?: UploadedFile;
        code?: string;
        message?: string;
      };
      if (xhr.status === 201 && shape.data) {
        options.onProgress?.(1);
        resolve(shape.data);
        return;
      }
      reject(
        new ApiError(
          shape.code ?? 'internal-error',
          xhr.status,
          shape.message ?? (xhr.statusText || ERRORS['internal-error'].message),
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError('network-request-failed', 0, ERRORS['network-request-failed'].message));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, fileName);
    xhr.send(form);
  });
}
