/**
 * "Reportar un problema": category, what happens, up to 3 photos (camera on a phone, a file on a
 * desktop), the place (device position or a pin) and the point when it is about one. Before
 * sending, open reports of the same category within 50 m are offered: "¿Es este? Súmate al
 * reporte" follows that one instead of filing a new one.
 */
import { zodResolver } from '../../../lib/zod-resolver';
import { REPORT_DESCRIPTION_MAX, REPORT_MAX_PHOTOS, type Report } from '@puntoverde/contract';
import { useMemo, useState, type ComponentType } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ImageUploadField } from '../../../components/image-upload-field';
import { SelectField, TextAreaField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import { ApiError } from '../../../lib/api-client';
import { flushOutbox } from '../../../lib/offline/flush';
import { keptPhoto, photosOfEntry, uploadedPhoto, type FormPhoto } from '../../../lib/offline/offline-photo';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { outbox } from '../../../lib/offline/outbox-store';
import { sendOrQueue } from '../../../lib/offline/queue-write';
import { useReportCategories } from '../api/categories';
import { CREATE_REPORT_PATH, useCreateReport } from '../api/create-report';
import { useDuplicates } from '../api/duplicates';
import { usePointForReport } from '../api/point-for-report';
import { usePointMatch } from '../api/point-match';
import { runReportAction } from '../api/report-actions';
import { formatMeters } from '../format';
import '../../../components/actions.css';
import '../reports.css';
import { REPORT_OUTBOX_KIND } from '../outbox-kind';
import { apiErrorMessage, apiFieldMessages } from '../../../lib/api-errors';
import { SubmitButton } from '../../../components/submit-button';

export type LatLng = { lat: number; lng: number };
/** The map pin field the page provides (features never import each other). */
export type LocationFieldComponent = ComponentType<{
  value: LatLng | null;
  onChange: (value: LatLng) => void;
  tileUrl: string;
  error?: string;
  mapLabel?: string;
}>;

type FormValues = { category: string; description: string; container_id: string };

/** Reports filed with no connection wait in the offline outbox under this kind. */
export { REPORT_OUTBOX_KIND };

export function ReportForm({
  tileUrl,
  LocationField,
  pointId,
  containerId,
  onCreated,
  onJoined,
  onQueued,
  editing,
}: {
  tileUrl: string;
  LocationField: LocationFieldComponent;
  pointId: number | null;
  containerId: number | null;
  onCreated: (report: Report) => void;
  onJoined: (number: string) => void;
  /** No connection: the report waits in the outbox and is sent, once, when it returns. */
  onQueued?: (entry: OutboxEntry) => void;
  /** A report the server refused while it waited in the outbox, opened to be corrected. */
  editing?: OutboxEntry;
}) {
  const edited = editing?.body as
    | { category?: string; description?: string; lat?: number; lng?: number; container_id?: number | null }
    | undefined;
  const { t, i18n } = useTranslation();
  const point = usePointForReport(pointId);
  const categories = useReportCategories();
  const create = useCreateReport();
  const schema = useMemo(
    () =>
      z.object({
        category: z.string().min(1, { message: t('reports.form.categoryRequired') }),
        description: z
          .string()
          .trim()
          .min(10, { message: t('reports.form.descriptionMin') })
          .max(REPORT_DESCRIPTION_MAX, { message: t('reports.form.descriptionMax') }),
        container_id: z.string(),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: edited
      ? {
          category: edited.category ?? '',
          description: edited.description ?? '',
          container_id: edited.container_id ? String(edited.container_id) : '',
        }
      : {
          category: containerId ? 'contenedor_lleno' : '',
          description: '',
          container_id: containerId ? String(containerId) : '',
        },
  });
  const category = useWatch({ control, name: 'category' });
  const [picked, setPicked] = useState<LatLng | null>(
    edited?.lat !== undefined && edited.lng !== undefined ? { lat: edited.lat, lng: edited.lng } : null,
  );
  const location = picked ?? (point.data ? { lat: point.data.lat, lng: point.data.lng } : null);
  const [locationError, setLocationError] = useState<string | null>(null);
  // Uploaded photos carry their file id; those taken with no connection, their bytes (kept with the report offline).
  const [photos, setPhotos] = useState<FormPhoto[]>(() => photosOfEntry(editing));
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [joining, setJoining] = useState<string | null>(null);

  // Without a point of its own the server sends it to the nearest point: say which before sending.
  const match = usePointMatch(pointId === null && location ? location : null);
  const duplicates = useDuplicates(category && location ? { category, lat: location.lat, lng: location.lng } : null);
  const containers = point.data?.containers ?? [];
  const asksContainer = !!categories.data?.find((c) => c.code === category)?.asks_container;
  const showContainers = asksContainer && containers.length > 0;

  const join = async (number: string) => {
    setJoining(number);
    try {
      await runReportAction(number, { kind: 'follow' });
      onJoined(number);
    } catch (err) {
      setFormError(apiErrorMessage(t, err));
    } finally {
      setJoining(null);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (!location) {
      setLocationError(t('reports.form.locationRequired'));
      return;
    }
    const body = {
      category: values.category,
      description: values.description,
      lat: location.lat,
      lng: location.lng,
      point_id: pointId,
      container_id: showContainers && values.container_id ? Number(values.container_id) : null,
      photos: [] as string[],
    };
    const category = categories.data?.find((c) => c.code === values.category)?.label ?? values.category;
    const label = `${category}: ${values.description.trim().slice(0, 60)}`;
    try {
      if (editing) {
        // Corrected: back to the outbox with a new key (and its photos), sent at once if the connection allows.
        const entry = await outbox.edit(editing.id, body, label, photos.map(({ preview: _preview, ...photo }) => photo));
        void flushOutbox();
        if (entry) onQueued?.(entry);
        return;
      }
      // Sent now with an Idempotency-Key; with no connection it waits in the outbox with that key
      // (and the photos taken offline, each with its own), so the server files it once.
      const result = await sendOrQueue(
        { kind: REPORT_OUTBOX_KIND, path: CREATE_REPORT_PATH, body, label },
        (headers, withPhotos) => create.mutateAsync({ body: withPhotos as typeof body, headers }),
        { field: 'photos', list: photos },
      );
      if ('sent' in result) onCreated(result.sent);
      else onQueued?.(result.queued);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setFormError(apiErrorMessage(t, err));
        return;
      }
      let placed = false;
      for (const [field, message] of Object.entries(apiFieldMessages(t, err))) {
        if (field === 'category' || field === 'description' || field === 'container_id') {
          setError(field, { type: 'server', message }, { shouldFocus: !placed });
          placed = true;
        } else if (field === 'lat' || field === 'lng') {
          setLocationError(message);
          placed = true;
        } else if (field.startsWith('photos')) {
          setPhotoError(message);
          placed = true;
        }
      }
      if (!placed) setFormError(apiErrorMessage(t, err));
    }
  });

  return (
    <form className="rp rp-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <p>{t('reports.form.lead')}</p>
      {point.data ? (
        <p className="rp-point" role="status">
          {t('reports.form.aboutPoint', { name: point.data.name })}
        </p>
      ) : null}
      <SelectField
        label={t('reports.form.category')}
        registration={register('category')}
        error={errors.category?.message}
        options={[
          { value: '', label: t('reports.form.chooseCategory'), disabled: true },
          ...(categories.data ?? []).map((c) => ({ value: c.code, label: c.label })),
        ]}
      />
      {showContainers ? (
        <SelectField
          label={t('reports.form.container')}
          optional
          registration={register('container_id')}
          error={errors.container_id?.message}
          options={[
            { value: '', label: t('reports.form.noContainer') },
            ...containers.map((c) => ({ value: String(c.id), label: t('reports.form.containerOption', { id: c.id, material: c.material, fill: c.fill_level }) })),
          ]}
        />
      ) : null}
      <TextAreaField
        label={t('reports.form.description')}
        hint={t('reports.form.descriptionHint', { max: REPORT_DESCRIPTION_MAX.toLocaleString('es-CO') })}
        registration={register('description')}
        error={errors.description?.message}
        rows={4}
        maxLength={REPORT_DESCRIPTION_MAX}
      />

      <fieldset className="rp-fieldset">
        <legend>{t('reports.form.photos', { max: REPORT_MAX_PHOTOS })}</legend>
        {photos.length ? (
          <ul className="rp-photos">
            {photos.map((p, i) => (
              <li key={p.key}>
                <img src={p.preview} alt={t('reports.form.photoAlt', { n: i + 1 })} />
                {p.fileId ? null : <span className="rp-hint">{t('offline.outbox.photoKept')}</span>}
                <button
                  type="button"
                  className="pv-button pv-button-danger pv-button-small"
                  onClick={() => setPhotos((list) => list.filter((x) => x.key !== p.key))}
                >
                  {t('reports.form.removePhoto', { n: i + 1 })}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {photos.length < REPORT_MAX_PHOTOS ? (
          <ImageUploadField
            label={t('reports.form.addPhoto', { n: photos.length + 1, max: REPORT_MAX_PHOTOS })}
            previewUrl={null}
            camera
            onBusyChange={setUploading}
            onUploaded={(file) => {
              setPhotoError(null);
              setPhotos((list) => (list.length < REPORT_MAX_PHOTOS ? [...list, uploadedPhoto(file)] : list));
            }}
            onOffline={(photo) => {
              setPhotoError(null);
              void keptPhoto(photo).then((kept) =>
                setPhotos((list) => (list.length < REPORT_MAX_PHOTOS ? [...list, kept] : list)),
              );
            }}
            onRemove={() => undefined}
          />
        ) : (
          <p className="rp-hint">{t('reports.form.photosFull', { max: REPORT_MAX_PHOTOS })}</p>
        )}
        {photoError ? (
          <p className="rp-error" role="alert">
            {photoError}
          </p>
        ) : null}
      </fieldset>

      <LocationField
        value={location}
        onChange={(v) => {
          setLocationError(null);
          setPicked(v);
        }}
        tileUrl={tileUrl}
        mapLabel={t('reports.form.mapLabel')}
        {...(locationError ? { error: locationError } : {})}
      />
      {pointId === null && location && match.isSuccess ? (
        <p className="rp-point" role="status">
          {match.data
            ? t('reports.form.sendsTo', { name: match.data.name, distance: formatMeters(match.data.distance_m, i18n.language) })
            : t('reports.form.sendsToStaff')}
        </p>
      ) : null}

      {duplicates.data?.length ? (
        <section className="rp-duplicates" aria-labelledby="rp-duplicates-title">
          <h2 id="rp-duplicates-title">{t('reports.duplicates.title')}</h2>
          <p>{t('reports.duplicates.lead')}</p>
          <ul>
            {duplicates.data.map((d) => (
              <li key={d.number} className="pv-card rp-card">
                <p>
                  <strong>{d.category_label}</strong> · {t(`reports.status.${d.status}`)} ·{' '}
                  {t('reports.duplicates.distance', { distance: formatMeters(d.distance_m, i18n.language) })}
                </p>
                <p>{d.description.length > 160 ? `${d.description.slice(0, 160)}…` : d.description}</p>
                <p className="rp-hint">{t('reports.duplicates.followers', { count: d.followers })}</p>
                <button type="button" className="pv-button pv-button-small" disabled={joining !== null} onClick={() => void join(d.number)}>
                  {joining === d.number ? t('reports.duplicates.joining') : t('reports.duplicates.join', { number: d.number })}
                </button>
              </li>
            ))}
          </ul>
          <p className="rp-hint">{t('reports.duplicates.notThis')}</p>
        </section>
      ) : null}

      <FormAlert message={formError} />
      <div className="pv-action-bar">
        <SubmitButton className="pv-button" busy={isSubmitting || uploading}>
          {isSubmitting ? t('reports.form.sending') : t('reports.form.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
