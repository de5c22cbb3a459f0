/**
 * Multipart uploads of one file with progress events: POST v1/files (`uploadFile`) and any
 * other upload route (`uploadMultipart`, e.g. PQR attachments). XMLHttpRequest rather than
 * fetch: fetch reports no upload progress.
 */
import { ERRORS, IDEMPOTENCY_KEY_HEADER, UPLOAD_FIELD, type FileKind, type UploadedFile, FILES_PATH } from '@puntoverde/contract';
import { ApiError, apiUrl } from './api-client';
import { getCurrentUser } from './session';

export interface MultipartOptions {
  /** 0..1 while the bytes go up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Extra request headers (an idempotency or upload key); empty values are not sent. */
  headers?: Readonly<Record<string, string | null | undefined>>;
}

/**
 * Sends `file` as the multipart field `file` to `path` (relative to the API base) with the
 * session's bearer token; resolves with the 201 answer's `data`, rejects with an ApiError.
 */
export function uploadMultipart<T>(
  path: string,
  file: Blob,
  fileName: string,
  options: MultipartOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value) xhr.setRequestHeader(name, value);
    }
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
        data?: T;
        code?: unknown;
        message?: unknown;
      };
      if (xhr.status === 201 && shape.data) {
        options.onProgress?.(1);
        resolve(shape.data);
        return;
      }
      reject(
        new ApiError(
          typeof shape.code === 'string' ? shape.code : 'internal-error',
          xhr.status,
          typeof shape.message === 'string' ? shape.message : xhr.statusText || ERRORS['internal-error'].message,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError('network-request-failed', 0, ERRORS['network-request-failed'].message));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, fileName);
    xhr.send(form);
  });
}

export interface UploadOptions extends Omit<MultipartOptions, 'headers'> {
  /** Refuse anything that is not of this kind (the server checks the real bytes). */
  kind?: FileKind;
  /** Sent as Idempotency-Key: the same photo sent again after a lost answer is the same file. */
  idempotencyKey?: string;
}

export function uploadFile(file: Blob, fileName: string, options: UploadOptions = {}): Promise<UploadedFile> {
  const { kind, idempotencyKey, ...rest } = options;
  return uploadMultipart<UploadedFile>(`${FILES_PATH}${kind ? `?kind=${kind}` : ''}`, file, fileName, {
    ...rest,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
