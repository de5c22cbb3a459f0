/**
 * The new pickup request: materials with kilos (or units for post-consumer items), where
 * (address + map pin or "use my location"), which point (the nearest that takes everything is
 * suggested; any other that does can be chosen), when (a bookable day and a time window), notes
 * and up to three photos (camera or gallery).
 */
import { zodResolver } from '../../../lib/zod-resolver';
import {
  REQUEST_MAX_ITEMS,
  REQUEST_MAX_PHOTOS,
  REQUEST_NOTES_MAX,
  UNIT_COUNTED_MATERIAL_GROUP,
  ZCreateRequestRequest,
  type CreateRequestRequest,
  type Material,
  type PickupRequestDetail,
  type TimeWindow,
  type UploadedFile,
} from '@puntoverde/contract';
import { keptPhoto, photosOfEntry, uploadedPhoto, type FormPhoto } from '../../../lib/offline/offline-photo';
import { flushOutbox } from '../../../lib/offline/flush';
import { outbox } from '../../../lib/offline/outbox-store';
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CREATE_REQUEST_PATH, useCreateRequest } from '../api/create-request';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { sendOrQueue } from '../../../lib/offline/queue-write';
import { useMaterials } from '../../../lib/materials';
import { usePickupCalendar } from '../api/pickup-calendar';
import { useSuggestedPoints } from '../api/suggested-points';
import { formatCalendarDate, formatDistance } from '../format';
import { applyApiError } from '../../../lib/api-errors';
import { QuantityField, SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import { quantityValue } from '../../../lib/number-input';
import { LocationPicker } from './location-picker';
import '../../../components/actions.css';
import '../requests.css';
import { formatAddress } from '../../../lib/address';
import { REQUEST_OUTBOX_KIND } from '../outbox-kind';
import { SubmitButton } from '../../../components/submit-button';

/** The uploads field the page provides (features never import each other). */
export type PhotoFieldProps = {
  label: string;
  previewUrl: string | null;
  onUploaded: (file: UploadedFile) => void;
  onRemove: () => void;
  camera?: boolean;
  /** No connection: the photo is kept with the request in the offline outbox instead of failing. */
  onOffline?: (photo: { blob: Blob; fileName: string; key: string }) => void;
  /** True while a photo uploads: the form holds its submit meanwhile. */
  onBusyChange?: (busy: boolean) => void;
};
export type PhotoFieldComponent = ComponentType<PhotoFieldProps>;

type FormValues = CreateRequestRequest;

const NOT_COLLECTED = new Set(['no-aprovechables']);

export function isUnitCounted(m: Pick<Material, 'code' | 'parent_code'> | undefined): boolean {
  return !!m && (m.code === UNIT_COUNTED_MATERIAL_GROUP || m.parent_code === UNIT_COUNTED_MATERIAL_GROUP);
}

export function materialLabel(m: Material, all: Material[], lang: string): string {
  const name = lang.startsWith('en') ? m.name_en : m.name_es;
  const parent = m.parent_code ? all.find((p) => p.code === m.parent_code) : undefined;
  if (!parent) return name;
  return `${lang.startsWith('en') ? parent.name_en : parent.name_es} · ${name}`;
}

export { REQUEST_OUTBOX_KIND };

export function RequestForm({
  tileUrl,
  PhotoField,
  defaultAddress,
  onCreated,
  onQueued,
  editing,
}: {
  tileUrl: string;
  PhotoField: PhotoFieldComponent;
  defaultAddress: string;
  onCreated: (request: PickupRequestDetail) => void;
  /** Asked for with no connection: kept on the device, sent when it returns. */
  onQueued?: (entry: OutboxEntry) => void;
  /** A request the server refused while it waited in the outbox, opened to be corrected. */
  editing?: OutboxEntry;
}) {
  const edited = editing?.body as (Partial<FormValues> & { point_id?: number }) | undefined;
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const materials = useMaterials();
  const calendar = usePickupCalendar();
  const create = useCreateRequest();
  // Uploaded photos carry their file id; those taken with no connection, their bytes (kept with the request offline).
  const [photos, setPhotos] = useState<FormPhoto[]>(() => photosOfEntry(editing));
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [chosenPointId, setPointId] = useState<number | null>(null);
  const [pointError, setPointError] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(ZCreateRequestRequest),
    defaultValues: {
      items: edited?.items?.length ? edited.items : [{ material: '', estimated_kg: null, units: null }],
      address: edited?.address ?? defaultAddress,
      lat: edited?.lat,
      lng: edited?.lng,
      preferred_date: edited?.preferred_date ?? '',
      time_window: edited?.time_window ?? 'manana',
      notes: edited?.notes ?? '',
      photos: [],
    },
  });
  const items = useFieldArray({ control, name: 'items' });
  const watchedItems = useWatch({ control, name: 'items' });
  const lat = useWatch({ control, name: 'lat' });
  const lng = useWatch({ control, name: 'lng' });
  const address = useWatch({ control, name: 'address' });
  // The address the pin wrote into the field: replaced by the next pin, unlike a typed one.
  const pinAddress = useRef<string | null>(null);
  const date = useWatch({ control, name: 'preferred_date' });
  const timeWindow = useWatch({ control, name: 'time_window' });

  const catalogue = useMemo(() => (materials.data ?? []).filter((m) => !NOT_COLLECTED.has(m.code)), [materials.data]);
  const chosenCodes = useMemo(
    () => [...new Set((watchedItems ?? []).map((i) => i.material).filter((c): c is string => !!c))],
    [watchedItems],
  );
  const location = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const suggested = useSuggestedPoints(location && chosenCodes.length ? { ...location, materials: chosenCodes } : null);
  const options = useMemo(() => suggested.data ?? [], [suggested.data]);

  // The nearest point is chosen until the person picks another that still qualifies.
  const pointId = options.some((p) => p.id === chosenPointId) ? chosenPointId : (options[0]?.id ?? null);

  const days = calendar.data ?? [];
  const day = days.find((d) => d.date === date);
  const windows: TimeWindow[] = day?.windows ?? ['manana', 'tarde', 'todo-el-dia'];
  useEffect(() => {
    if (day && !day.windows.includes(timeWindow) && day.windows[0]) setValue('time_window', day.windows[0]);
  }, [day, timeWindow, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFormMessage(null);
    setPointError(null);
    // Offline the nearest points cannot be suggested: the server picks the nearest one on arrival.
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    if (!pointId && !offline) {
      setPointError(t('requests.form.noPointYet'));
      return;
    }
    const body = { ...values, ...(pointId ? { point_id: pointId } : {}), photos: [] as string[] };
    try {
      if (editing) {
        // Corrected: back to the outbox with a new key (and its photos), sent at once if the connection allows.
        const entry = await outbox.edit(
          editing.id,
          body,
          body.address,
          photos.map(({ preview: _preview, ...photo }) => photo),
        );
        void flushOutbox();
        if (entry) onQueued?.(entry);
        return;
      }
      const result = await sendOrQueue(
        { kind: REQUEST_OUTBOX_KIND, path: CREATE_REQUEST_PATH, body, label: body.address },
        (headers, withPhotos) => create.mutateAsync({ body: withPhotos as typeof body, headers }),
        { field: 'photos', list: photos },
      );
      if ('sent' in result) onCreated(result.sent);
      else onQueued?.(result.queued);
    } catch (err) {
      const { formMessage, fieldsOutside } = applyApiError(t, err, setError, (name) =>
        /^(items(\.\d+\.(material|estimated_kg|units))?|address|lat|lng|preferred_date|time_window|notes)$/.test(name),
      );
      if (fieldsOutside.point_id) setPointError(fieldsOutside.point_id);
      const photoProblem = Object.entries(fieldsOutside).find(([k]) => k.startsWith('photos'));
      if (photoProblem) setPhotoError(photoProblem[1]);
      setFormMessage(Object.values(fieldsOutside)[0] ?? formMessage);
    }
  });

  const itemsError = errors.items?.message ?? errors.items?.root?.message;

  return (
    // The page's <h1> names the form (request.page.tsx): no second heading with the same words.
    <form className="rq rq-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('requests.form.title')}>
      <p className="rq-hint">{t('requests.form.lead')}</p>
      <FormAlert message={formMessage} />

      <fieldset className="rq-fieldset-what">
        <legend>{t('requests.form.whatLegend')}</legend>
        {items.fields.map((field, index) => {
          const code = watchedItems?.[index]?.material;
          const material = catalogue.find((m) => m.code === code);
          const units = isUnitCounted(material);
          const itemErrors = errors.items?.[index];
          return (
            <div className="rq-item-row" key={field.id}>
              <SelectField
                label={t('requests.form.material', { n: index + 1 })}
                registration={register(`items.${index}.material`, {
                  onChange: () => {
                    setValue(`items.${index}.estimated_kg`, null);
                    setValue(`items.${index}.units`, null);
                  },
                })}
                error={itemErrors?.material?.message}
                options={[
                  { value: '', label: t('requests.form.chooseMaterial') },
                  ...catalogue.map((m) => ({
                    value: m.code,
                    label: materialLabel(m, catalogue, lang),
                    disabled: chosenCodes.includes(m.code) && m.code !== code,
                  })),
                ]}
              />
              {units ? (
                <QuantityField
                  key={`${field.id}-units`}
                  label={t('requests.form.units')}
                  maxDecimals={0}
                  registration={register(`items.${index}.units`, {
                    setValueAs: (v: unknown) => quantityValue(v, { maxDecimals: 0 }),
                  })}
                  error={itemErrors?.units?.message ?? itemErrors?.estimated_kg?.message}
                />
              ) : (
                <QuantityField
                  key={`${field.id}-kg`}
                  label={t('requests.form.kg')}
                  registration={register(`items.${index}.estimated_kg`, {
                    setValueAs: (v: unknown) => quantityValue(v),
                  })}
                  error={itemErrors?.estimated_kg?.message}
                />
              )}
              <button
                type="button"
                className="pv-button pv-button-danger pv-button-small"
                onClick={() => items.remove(index)}
                disabled={items.fields.length === 1}
                aria-label={t('requests.form.removeMaterial', { n: index + 1 })}
              >
                {t('requests.form.remove')}
              </button>
            </div>
          );
        })}
        {itemsError ? (
          <p className="rq-error" role="alert">
            {itemsError}
          </p>
        ) : null}
        <div className="pv-action-bar">
          <button
            type="button"
            className="pv-button pv-button-secondary pv-button-small"
            onClick={() => items.append({ material: '', estimated_kg: null, units: null })}
            disabled={items.fields.length >= REQUEST_MAX_ITEMS}
          >
            {t('requests.form.addMaterial')}
          </button>
        </div>
      </fieldset>

      <fieldset className="rq-fieldset-where">
        <legend>{t('requests.form.whereLegend')}</legend>
        <TextField
          label={t('requests.form.address')}
          registration={register('address')}
          error={errors.address?.message}
          autoComplete="street-address"
          hint={t('requests.form.addressHint')}
        />
        <LocationPicker
          value={location}
          address={address}
          onAddressFound={(found) => {
            if (address.trim() && address !== pinAddress.current) return;
            pinAddress.current = found;
            setValue('address', found, { shouldValidate: false });
            clearErrors('address');
          }}
          tileUrl={tileUrl}
          error={(errors.lat?.message ?? errors.lng?.message) ? t('requests.form.pinRequired') : undefined}
          onChange={(v) => {
            setValue('lat', v.lat, { shouldValidate: false });
            setValue('lng', v.lng, { shouldValidate: false });
            clearErrors(['lat', 'lng']);
          }}
        />
        <div className="rq-field" role="group" aria-labelledby="rq-point-label">
          <p id="rq-point-label" className="rq-label">
            {t('requests.form.point')}
          </p>
          {!location || !chosenCodes.length ? (
            <p className="rq-hint">{t('requests.form.pointNeedsInput')}</p>
          ) : suggested.isPending ? (
            <p className="rq-hint" aria-busy="true">
              {t('requests.form.pointLoading')}
            </p>
          ) : options.length === 0 ? (
            <p className="rq-error" role="alert">
              {t('requests.form.noPoint')}
            </p>
          ) : (
            <div className="rq-points">
              {options.map((p, i) => (
                <label key={p.id}>
                  <input
                    type="radio"
                    name="point"
                    value={p.id}
                    checked={pointId === p.id}
                    onChange={() => setPointId(p.id)}
                  />
                  <span>
                    <strong>{p.name}</strong>
                    {i === 0 ? ` · ${t('requests.form.suggested')}` : ''}
                    <br />
                    <span className="rq-hint">
                      {formatAddress(p.address, p.city)} ·{' '}
                      {t('requests.form.distance', { distance: formatDistance(p.distance_m, lang) })}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          )}
          {pointError ? (
            <p className="rq-error" role="alert">
              {pointError}
            </p>
          ) : null}
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('requests.form.whenLegend')}</legend>
        <div className="rq-row">
          <SelectField
            label={t('requests.form.date')}
            registration={register('preferred_date')}
            error={errors.preferred_date?.message}
            hint={t('requests.form.dateHint')}
            options={[
              { value: '', label: calendar.isPending ? t('requests.form.loadingDays') : t('requests.form.chooseDate') },
              ...days.map((d) => ({
                value: d.date,
                disabled: !d.available,
                label: d.available
                  ? formatCalendarDate(d.date, lang)
                  : `${formatCalendarDate(d.date, lang)} — ${
                      d.reason === 'festivo'
                        ? t('requests.form.holiday', { name: d.holiday_name ?? '' })
                        : t(`requests.form.unavailable.${d.reason ?? 'pasado'}`)
                    }`,
              })),
            ]}
          />
          <SelectField
            label={t('requests.form.window')}
            registration={register('time_window')}
            error={errors.time_window?.message}
            options={windows.map((w) => ({ value: w, label: t(`requests.windows.${w}`) }))}
          />
        </div>
        <TextAreaField
          label={t('requests.form.notes')}
          registration={register('notes')}
          error={errors.notes?.message}
          optional
          maxLength={REQUEST_NOTES_MAX}
          hint={t('requests.form.notesHint')}
        />
      </fieldset>

      <fieldset className="rq-fieldset-photos">
        <legend>{t('requests.form.photosLegend', { max: REQUEST_MAX_PHOTOS })}</legend>
        {photos.length ? (
          <ul className="rq-photos" aria-label={t('requests.form.photosAdded')}>
            {photos.map((p, i) => (
              <li key={p.key}>
                <figure>
                  <img src={p.preview} alt={t('requests.form.photoAlt', { n: i + 1 })} />
                  {p.fileId ? null : <figcaption className="rq-hint">{t('offline.outbox.photoKept')}</figcaption>}
                  <button
                    type="button"
                    className="pv-button pv-button-danger pv-button-small"
                    onClick={() => setPhotos((list) => list.filter((x) => x.key !== p.key))}
                  >
                    {t('requests.form.removePhoto', { n: i + 1 })}
                  </button>
                </figure>
              </li>
            ))}
          </ul>
        ) : null}
        {photos.length < REQUEST_MAX_PHOTOS ? (
          <PhotoField
            label={t('requests.form.addPhoto', { n: photos.length + 1, max: REQUEST_MAX_PHOTOS })}
            onBusyChange={setUploading}
            previewUrl={null}
            camera
            onUploaded={(file) => {
              setPhotoError(null);
              setPhotos((list) => (list.length < REQUEST_MAX_PHOTOS ? [...list, uploadedPhoto(file)] : list));
            }}
            onOffline={(photo) => {
              setPhotoError(null);
              void keptPhoto(photo).then((kept) =>
                setPhotos((list) => (list.length < REQUEST_MAX_PHOTOS ? [...list, kept] : list)),
              );
            }}
            onRemove={() => undefined}
          />
        ) : (
          <p className="rq-hint">{t('requests.form.photosFull', { max: REQUEST_MAX_PHOTOS })}</p>
        )}
        {photoError ? (
          <p className="rq-error" role="alert">
            {photoError}
          </p>
        ) : null}
      </fieldset>

      <div className="pv-action-bar">
        <SubmitButton className="pv-button" busy={isSubmitting || uploading}>
          {isSubmitting ? t('requests.form.sending') : t('requests.form.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
