/**
 * Form fields for the back office, bound to react-hook-form. Labels are real labels, errors are
 * announced and tied to their field (aria-describedby through Ionic's error text).
 */
import { IonInput, IonSelect, IonSelectOption, IonTextarea, IonToggle } from '@ionic/react';
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

export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  multiple = false,
  numeric = false,
}: BaseProps<T> & { options: { value: string; label: string }[]; multiple?: boolean; numeric?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div>
          <IonSelect
            label={label}
            labelPlacement="stacked"
            fill="outline"
            interface={multiple ? 'alert' : 'popover'}
            multiple={multiple}
            value={multiple ? field.value : field.value === null || field.value === undefined ? '' : String(field.value)}
            onIonChange={(e) => {
              const v = e.detail.value as string | string[];
              if (multiple) field.onChange(v);
              else field.onChange(numeric ? (v === '' ? null : Number(v)) : v);
            }}
          >
            {options.map((o) => (
              <IonSelectOption key={o.value} value={o.value}>
                {o.label}
              </IonSelectOption>
            ))}
          </IonSelect>
          {fieldState.error ? (
            <p className="field-error" role="alert">
              {fieldState.error.message}
            </p>
          ) : null}
        </div>
      )}
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
