/**
 * Pick an image from the gallery or take a photo (camera via `capture`), preview it, watch the
 * upload progress. The uploaded file's id is handed to the form through `onChange`.
 */
import { IonButton, IonNote, IonProgressBar } from '@ionic/react';
import { cameraOutline, imageOutline, trashOutline } from 'ionicons/icons';
import { SIZE_IMG_KIB, UPLOAD_ACCEPT_IMAGES, type UploadedFile } from '@puntoverde/contract';
import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../lib/upload-file';
import { ApiError } from '../lib/api-client';
import { downscaleImage, type PreparedImage } from '../lib/downscale-image';
import { offlinePhotoProblem } from '../lib/offline/offline-photo';
import { takePhoto } from '../lib/native/camera';
import { formatFileSize } from '../lib/number-format';
import { Icon } from './icon';
import { apiErrorMessage } from '../lib/api-errors';
import { translateFieldMessage } from '../lib/field-messages';

export interface ImageUploadFieldProps {
  label: string;
  /** Current image URL (existing record) for the preview. */
  previewUrl: string | null;
  onUploaded: (file: UploadedFile) => void;
  onRemove: () => void;
  /** Offer the camera button (photos of reports, requests). */
  camera?: boolean;
  /**
   * True while a photo is being prepared and uploaded, false once it is done or failed: the form
   * holds its submit meanwhile, or it would be saved without the photo its preview shows.
   */
  onBusyChange?: (busy: boolean) => void;
  /**
   * With no connection the photo is handed over here instead of failing (the form keeps it in
   * the offline outbox, uploaded once the connection returns with `key` as its Idempotency-Key).
   * The limits the server applies are checked first, with its Spanish messages.
   */
  onOffline?: (photo: { blob: Blob; fileName: string; key: string }) => void;
}

export function ImageUploadField({
  label,
  previewUrl,
  onUploaded,
  onRemove,
  camera = true,
  onOffline,
  onBusyChange,
}: ImageUploadFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const galleryRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) await upload(file);
  };

  /** In the Android/iOS app the Camera plugin takes the photo; on the web the file inputs do. */
  const pick = (source: 'camera' | 'gallery') => {
    const input = source === 'camera' ? cameraRef : galleryRef;
    void takePhoto(source, { web: () => input.current?.click() }).then(
      (file) => (file ? upload(file) : undefined),
      (err: unknown) => setError(apiErrorMessage(t, err)),
    );
  };

  const upload = async (file: File) => {
    setError(null);
    setProgress(0);
    onBusyChange?.(true);
    const objectUrl = URL.createObjectURL(file);
    setLocalPreview(objectUrl);
    // One key per photo: if the answer of this upload is lost, the offline retry is the same file.
    const key = crypto.randomUUID();
    let prepared: PreparedImage | undefined;
    const keepOffline = (image: PreparedImage) => {
      const problem = offlinePhotoProblem(image.blob);
      if (problem) setError(translateFieldMessage(t, problem) ?? problem);
      else onOffline?.({ blob: image.blob, fileName: image.fileName, key });
    };
    try {
      prepared = await downscaleImage(file);
      if (onOffline && navigator.onLine === false) {
        setLocalPreview(null);
        keepOffline(prepared);
        return;
      }
      const uploaded = await uploadFile(prepared.blob, prepared.fileName, {
        kind: 'image',
        onProgress: setProgress,
        idempotencyKey: key,
      });
      onUploaded(uploaded);
    } catch (err) {
      setLocalPreview(null);
      if (onOffline && prepared && err instanceof ApiError && err.code === 'network-request-failed')
        keepOffline(prepared);
      else setError(apiErrorMessage(t, err));
    } finally {
      URL.revokeObjectURL(objectUrl);
      setProgress(null);
      onBusyChange?.(false);
    }
  };

  const shown = progress !== null ? localPreview : previewUrl;
  return (
    <div className="upload-field" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="upload-field__label">
        {label}
      </p>
      {shown ? <img className="upload-field__preview" src={shown} alt={t('files.preview')} /> : null}
      {progress !== null ? <IonProgressBar value={progress} aria-label={t('files.uploading')} /> : null}
      <div className="upload-field__actions">
        <IonButton fill="outline" size="small" onClick={() => pick('gallery')} disabled={progress !== null}>
          <Icon slot="start" icon={imageOutline} />
          {t('files.chooseImage')}
        </IonButton>
        {camera ? (
          <IonButton fill="outline" size="small" onClick={() => pick('camera')} disabled={progress !== null}>
            <Icon slot="start" icon={cameraOutline} />
            {t('files.takePhoto')}
          </IonButton>
        ) : null}
        {previewUrl && progress === null ? (
          <IonButton fill="clear" size="small" color="danger" onClick={onRemove}>
            <Icon slot="start" icon={trashOutline} />
            {t('files.remove')}
          </IonButton>
        ) : null}
      </div>
      <input
        ref={galleryRef}
        id={`${id}-gallery`}
        type="file"
        accept={UPLOAD_ACCEPT_IMAGES}
        hidden
        aria-label={t('files.chooseImage')}
        data-testid="image-upload-input"
        onChange={handleFile}
      />
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={t('files.takePhoto')}
        onChange={handleFile}
      />
      <IonNote>{t('files.imageHint', { size: formatFileSize(SIZE_IMG_KIB * 1024, i18n.language) })}</IonNote>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
