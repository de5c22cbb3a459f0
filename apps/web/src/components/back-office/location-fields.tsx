/** Latitude/longitude fields plus the map picker, for points, campaigns and allies. */
import { IonSkeletonText } from '@ionic/react';
import { lazy, Suspense } from 'react';
import type { Control, FieldValues, Path, PathValue, UseFormSetValue } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberValueField } from './number-value-field';

const MapPicker = lazy(() => import('./map-picker'));

export function LocationFields<T extends FieldValues & { lat: number | null; lng: number | null }>({
  control,
  setValue,
  optional,
}: {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  /** Whether the place may stay without coordinates (allies, campaigns); a point needs them. */
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const lat = useWatch({ control, name: 'lat' as Path<T> }) as number | null;
  const lng = useWatch({ control, name: 'lng' as Path<T> }) as number | null;
  return (
    <fieldset className="form-fieldset">
      <legend className="pv-field-label">{t('admin.location')}</legend>
      <Suspense fallback={<IonSkeletonText animated style={{ height: 260 }} />}>
        <MapPicker
          lat={typeof lat === 'number' ? lat : null}
          lng={typeof lng === 'number' ? lng : null}
          onPick={(a, b) => {
            setValue('lat' as Path<T>, a as PathValue<T, Path<T>>, { shouldDirty: true });
            setValue('lng' as Path<T>, b as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
          }}
        />
      </Suspense>
      <div className="form-row">
        <NumberValueField control={control} name={'lat' as Path<T>} label={t('admin.lat')} optional={optional} />
        <NumberValueField control={control} name={'lng' as Path<T>} label={t('admin.lng')} optional={optional} />
      </div>
    </fieldset>
  );
}
