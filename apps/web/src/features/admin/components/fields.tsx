/**
 * Form fields for the back office, bound to react-hook-form. Labels are real labels, errors are
 * announced and tied to their field (aria-describedby through Ionic's error text).
 */
import { IonInput, IonTextarea, IonToggle } from '@ionic/react';
import { useId } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  helper?: string;
}

export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  helper,
  type = 'text',
  multiline = false,
  required = false,
}: BaseProps<T> & { type?: 'text' | 'email' | 'url' | 'tel' | 'number' | 'datetime-local'; multiline?: boolean; required?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const common = {
          label,
          labelPlacement: 'stacked' as const,
          fill: 'outline' as const,
          helperText: helper,
          errorText: fieldState.error?.message,
          className: fieldState.error ? 'ion-invalid ion-touched' : undefined,
          required,
          onIonBlur: field.onBlur,
        };
        if (multiline) {
          return (
            <IonTextarea
              {...common}
              autoGrow
              rows={3}
              value={(field.value) ?? ''}
              onIonInput={(e) => field.onChange(e.detail.value ?? '')}
            />
          );
        }
        return (
          <IonInput
            {...common}
            type={type}
            value={field.value === null || field.value === undefined ? '' : String(field.value)}
            onIonInput={(e) => {
              const raw = e.detail.value ?? '';
              field.onChange(type === 'number' ? (raw === '' ? null : Number(raw)) : raw);
            }}
          />
        );
      }}
    />
  );
}

/**
 * A native <select> (or, with `multiple`, a group of checkboxes): it works inside any dialog,
 * needs no Ionic overlay code and every browser and screen reader knows it.
 */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  multiple = false,
  numeric = false,
}: BaseProps<T> & { options: { value: string; label: string }[]; multiple?: boolean; numeric?: boolean }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error ? (
          <p className="field-error" role="alert" id={`${id}-error`}>
            {fieldState.error.message}
          </p>
        ) : null;
        if (multiple) {
          const selected = new Set((field.value as string[] | undefined) ?? []);
          return (
            <fieldset className="form-fieldset checkbox-grid" aria-describedby={fieldState.error ? `${id}-error` : undefined}>
              <legend>{label}</legend>
              {options.map((o) => (
                <label key={o.value} className="checkbox-option">
                  <input
                    type="checkbox"
                    checked={selected.has(o.value)}
                    onChange={(e) => {
                      const next = new Set(selected);
                      if (e.target.checked) next.add(o.value);
                      else next.delete(o.value);
                      field.onChange(options.map((x) => x.value).filter((v) => next.has(v)));
                    }}
                  />
                  {o.label}
                </label>
              ))}
              {error}
            </fieldset>
          );
        }
        return (
          <div className="native-select">
            <label htmlFor={id}>{label}</label>
            <select
              id={id}
              value={field.value === null || field.value === undefined ? '' : String(field.value)}
              onChange={(e) => field.onChange(numeric ? (e.target.value === '' ? null : Number(e.target.value)) : e.target.value)}
              onBlur={field.onBlur}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={fieldState.error ? `${id}-error` : undefined}
            >
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {error}
          </div>
        );
      }}
    />
  );
}

export function ToggleField<T extends FieldValues>({ control, name, label }: BaseProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <IonToggle checked={Boolean(field.value)} onIonChange={(e) => field.onChange(e.detail.checked)} labelPlacement="end">
          {label}
        </IonToggle>
      )}
    />
  );
}
