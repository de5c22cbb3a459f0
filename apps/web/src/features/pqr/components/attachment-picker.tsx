/**
 * Picks photos (gallery or camera) and PDFs, shrinks big photos in the browser, uploads each
 * with a progress bar, and reports the uploaded file ids. Limits: images 1536 KiB, PDF 2048 KiB.
 */
import {
  CLIENT_IMAGE_MAX_DIMENSION_PX,
  FILE_SIZE_LIMIT_BYTES,
  PQR_MAX_ATTACHMENTS,
  UPLOAD_ACCEPT_ALL,
  UPLOAD_ACCEPT_IMAGES,
} from '@puntoverde/contract';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPqrAttachment } from '../api/upload-attachment';
import { formatBytes } from '../format';
import { apiErrorMessage } from '../../../lib/api-errors';
import { translateFieldMessage } from '../../../lib/field-messages';

type Item = {
  key: string;
  name: string;
  size: number;
  preview: string | null;
  progress: number;
  id: string | null;
  error: string | null;
};

export type AttachmentValue = { ids: string[]; uploadKey: string | null; busy: boolean };

/** Re-encodes a photo larger than the limit or the size box as JPEG inside the box; other files pass. */
export async function shrinkImage(file: File): Promise<Blob> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, CLIENT_IMAGE_MAX_DIMENSION_PX / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= FILE_SIZE_LIMIT_BYTES.image) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  return blob ?? file;
}

export function AttachmentPicker({
  label,
  onChange,
  error,
  initialUploadKey = null,
}: {
  label: string;
  onChange: (value: AttachmentValue) => void;
  error?: string | undefined;
  initialUploadKey?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [items, setItems] = useState<Item[]>([]);
  const uploadKey = useRef<string | null>(initialUploadKey);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const emit = useEffectEvent(onChange);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    emit({
      ids: items.filter((i) => i.id).map((i) => i.id!),
      uploadKey: uploadKey.current,
      busy: items.some((i) => !i.id && !i.error),
    });
  }, [items]);

  // Free the preview images when the form goes away.
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const update = (key: string, patch: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  async function add(files: FileList | null) {
    if (!files) return;
    const room = PQR_MAX_ATTACHMENTS - items.filter((i) => !i.error).length;
    const chosen = Array.from(files).slice(0, Math.max(0, room));
    for (const file of chosen) {
      const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      setItems((list) => [
        ...list,
        { key, name: file.name, size: file.size, preview, progress: 0, id: null, error: null },
      ]);
      try {
        const body = await shrinkImage(file);
        const limit = file.type === 'application/pdf' ? FILE_SIZE_LIMIT_BYTES.document : FILE_SIZE_LIMIT_BYTES.image;
        if (body.size > limit) {
          update(key, {
            error: t(file.type === 'application/pdf' ? 'pqr.attachments.pdfTooLarge' : 'pqr.attachments.imageTooLarge'),
          });
          continue;
        }
        const name = body === file ? file.name : file.name.replace(/\.[^.]+$/, '') + '.jpg';
        const uploaded = await uploadPqrAttachment(body, name, {
          uploadKey: uploadKey.current,
          onProgress: (progress) => update(key, { progress }),
        });
        if (uploaded.upload_key) uploadKey.current = uploaded.upload_key;
        update(key, { id: uploaded.id, progress: 1, size: uploaded.size });
      } catch (err) {
        update(key, { error: apiErrorMessage(t, err) });
      }
    }
  }

  function remove(key: string) {
    setItems((list) => {
      const item = list.find((i) => i.key === key);
      if (item?.preview) {
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
      return list.filter((i) => i.key !== key);
    });
  }

  const full = items.filter((i) => !i.error).length >= PQR_MAX_ATTACHMENTS;
  return (
    <div className="pqr-field" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
      <span id={`${id}-label`} className="pqr-label">
        {label} <span className="pqr-optional">({t('pqr.form.optional')})</span>
      </span>
      <p id={`${id}-hint`} className="pqr-hint">
        {t('pqr.attachments.hint', { max: PQR_MAX_ATTACHMENTS })}
      </p>
      <div className="pqr-actions">
        <button
          type="button"
          className="pv-button pv-button-secondary"
          disabled={full}
          onClick={() => fileInput.current?.click()}
        >
          {t('pqr.attachments.choose')}
        </button>
        <button
          type="button"
          className="pv-button pv-button-secondary"
          disabled={full}
          onClick={() => cameraInput.current?.click()}
        >
          {t('pqr.attachments.camera')}
        </button>
      </div>
      <input
        ref={fileInput}
        type="file"
        className="visually-hidden"
        accept={UPLOAD_ACCEPT_ALL}
        multiple
        aria-label={t('pqr.attachments.choose')}
        tabIndex={-1}
        onChange={(e) => {
          void add(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      <input
        ref={cameraInput}
        type="file"
        className="visually-hidden"
        accept={UPLOAD_ACCEPT_IMAGES}
        capture="environment"
        aria-label={t('pqr.attachments.camera')}
        tabIndex={-1}
        onChange={(e) => {
          void add(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {items.length ? (
        <ul className="pqr-attachments" aria-live="polite">
          {items.map((item) => (
            <li key={item.key} className="pqr-attachment">
              {item.preview ? (
                <img src={item.preview} alt="" className="pqr-thumb" />
              ) : (
                <span className="pqr-thumb pqr-thumb-doc">PDF</span>
              )}
              <div className="pqr-attachment-text">
                <span className="pqr-attachment-name">{item.name}</span>
                <span className="pqr-hint">{formatBytes(item.size, i18n.language)}</span>
                {item.error ? (
                  <span className="pqr-error" role="alert">
                    {item.error}
                  </span>
                ) : item.id ? (
                  <span className="pqr-hint">{t('pqr.attachments.ready')}</span>
                ) : (
                  <progress
                    max={1}
                    value={item.progress}
                    aria-label={t('pqr.attachments.uploading', { name: item.name })}
                  />
                )}
              </div>
              <button
                type="button"
                className="pv-button pv-button-secondary"
                onClick={() => remove(item.key)}
                aria-label={t('pqr.attachments.remove', { name: item.name })}
              >
                {t('pqr.attachments.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="pqr-error">{translateFieldMessage(t, error)}</p> : null}
    </div>
  );
}
