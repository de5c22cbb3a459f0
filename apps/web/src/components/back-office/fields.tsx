/**
 * Form fields for the back office, bound to react-hook-form. Labels are real labels, errors are
 * announced and tied to their field (aria-describedby through Ionic's error text).
 */
import { IonInput, IonTextarea, IonToggle } from '@ionic/react';
import { useId, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { checkQuantityText, quantityText, quantityValue } from '../../lib/number-input';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  helper?: string;
}

// Coordinates take a sign and six decimals; the other numbers here are counts and litres.
const NUMBER_OPTIONS = { maxDecimals: 6, allowNegative: true };

/**
 * A number typed as text and read by the app's one quantity parser (`3,5` is three and a half):
 * the text stays as typed while the form gets its number (NaN when refused, so the schema
 * rejects it) and the refusal's reason shows under the field.
 */
function NumberInput({
  common,
  value,
  onChange,
}: {
  common: ComponentProps<typeof IonInput>;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(() => quantityText(value, i18n.language, NUMBER_OPTIONS.maxDecimals));
  // A value set from outside (the map picker, a reset) replaces the text when it differs.
  const shown = quantityValue(text, NUMBER_OPTIONS);
  const current = (value ?? null) === shown || (Number.isNaN(shown) && Number.isNaN(value)) ? text : quantityText(value, i18n.language, 6);
  const problem = checkQuantityText(current, NUMBER_OPTIONS);
  return (
    <IonInput
      {...common}
      type="text"
      inputmode="decimal"
      autocomplete="off"
      errorText={problem ? t(problem.key, problem.values) : common.errorText}
      className={problem ? 'ion-invalid ion-touched' : common.className}
      value={current}
      onIonInput={(e) => {
        const raw = e.detail.value ?? '';
        setText(raw);
        onChange(quantityValue(raw, NUMBER_OPTIONS));
      }}
    />
  );
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
        if (type === 'number') {
          return <NumberInput common={common} value={field.value} onChange={field.onChange} />;
        }
        return (
          <IonInput
            {...common}
            type={type}
            value={field.value === null || field.value === undefined ? '' : String(field.value)}
            onIonInput={(e) => field.onChange(e.detail.value ?? '')}
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
