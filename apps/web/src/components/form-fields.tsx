/**
 * Labelled native form controls for react-hook-form, shared by every feature's forms (a radio
 * group is named by its legend). The label, hint, error and ARIA wiring live in field-shell.tsx;
 * controls outside a form in filter-fields.tsx.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, RegisterOptions, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { checkQuantityText, quantityText, quantityValue, type QuantityOptions } from '../lib/number-input';
import {
  CheckControl,
  controlAria,
  describedBy,
  FieldError,
  FieldShell,
  OptionList,
  useFieldId,
  type FieldOption,
  type Native,
} from './field-shell';

/** What every labelled control takes besides its native attributes. */
interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

export type TextFieldProps = FieldProps & Native<InputHTMLAttributes<HTMLInputElement>>;

export function TextField({ label, registration, error, hint, optional, id: givenId, ...input }: TextFieldProps) {
  const id = useFieldId(givenId);
  return (
    <FieldShell id={id} label={label} optional={optional} hint={hint} error={error}>
      <input
        id={id}
        className="pv-field-input"
        {...controlAria(id, { hint, error, required: !optional })}
        {...input}
        {...registration}
      />
    </FieldShell>
  );
}

export type QuantityFieldProps = Omit<TextFieldProps, 'type' | 'inputMode'> & QuantityOptions;

/**
 * A quantity (kilos, units, litres): a text input with the decimal keypad, read by the one
 * quantity parser (`lib/number-input`), so `3,5` is three and a half. Register it with
 * `setValueAs: (v) => quantityValue(v, options)`; text the parser refuses says why here (also
 * before the form is sent), and becomes NaN for the form's schema.
 */
export function QuantityField({
  registration,
  error,
  maxDecimals = 2,
  allowNegative = false,
  ...rest
}: QuantityFieldProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const check = (text: string) => {
    const found = checkQuantityText(text, { maxDecimals, allowNegative });
    setProblem(found ? t(found.key, found.values) : null);
  };
  return (
    <TextField
      {...rest}
      type="text"
      inputMode={maxDecimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      error={problem ?? error}
      registration={{
        ...registration,
        onChange: (event: { target: { value: string } }) => {
          // Clear a shown refusal as soon as the text reads; show a new one only on blur.
          if (problem) check(event.target.value);
          return registration.onChange(event);
        },
        onBlur: (event: { target: { value: string } }) => {
          check(event.target.value);
          return registration.onBlur(event);
        },
      }}
    />
  );
}

export type TextAreaFieldProps = FieldProps & Native<TextareaHTMLAttributes<HTMLTextAreaElement>>;

export function TextAreaField({
  label,
  registration,
  error,
  hint,
  optional,
  id: givenId,
  ...area
}: TextAreaFieldProps) {
  const id = useFieldId(givenId);
  return (
    <FieldShell id={id} label={label} optional={optional} hint={hint} error={error}>
      <textarea
        id={id}
        className="pv-field-input pv-field-textarea"
        {...controlAria(id, { hint, error, required: !optional })}
        {...area}
        {...registration}
      />
    </FieldShell>
  );
}

export type SelectFieldProps = FieldProps & { options: readonly FieldOption[] } & Native<
    SelectHTMLAttributes<HTMLSelectElement>
  >;

export function SelectField({
  label,
  registration,
  error,
  hint,
  optional,
  options,
  id: givenId,
  ...select
}: SelectFieldProps) {
  const id = useFieldId(givenId);
  return (
    <FieldShell id={id} label={label} optional={optional} hint={hint} error={error}>
      <select
        // Options that arrive later (from a query) remount the select, so react-hook-form sets
        // the form's value on it again instead of leaving the first option shown.
        key={options.map((option) => option.value).join('|')}
        id={id}
        className="pv-field-input"
        {...controlAria(id, { hint, error, required: false })}
        {...select}
        {...registration}
      >
        <OptionList options={options} />
      </select>
    </FieldShell>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'optional'> {
  /** Shown under the field, e.g. the strength hint of a new password. */
  below?: ReactNode;
}

/** A required password input with a show/hide toggle. */
export function PasswordField({ label, registration, error, hint, below, id: givenId, ...input }: PasswordFieldProps) {
  const { t } = useTranslation();
  const id = useFieldId(givenId);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <div className="pv-field-row">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className="pv-field-input"
          spellCheck={false}
          autoCapitalize="none"
          {...controlAria(id, { hint, error, required: true })}
          aria-describedby={describedBy(!!hint && `${id}-hint`, !!error && `${id}-error`, !!below && `${id}-below`)}
          {...input}
          {...registration}
        />
        <button
          type="button"
          className="pv-field-toggle"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? t('form.hidePassword') : t('form.showPassword')}
        </button>
      </div>
      {below ? <div id={`${id}-below`}>{below}</div> : null}
    </FieldShell>
  );
}

export interface CheckboxFieldProps {
  registration: UseFormRegisterReturn;
  error?: string;
  /** The label: may hold a link (e.g. to the data policy). */
  children: ReactNode;
}

/** A required checkbox (a consent): the label follows the box. */
export function CheckboxField({ registration, error, children }: CheckboxFieldProps) {
  return (
    <CheckControl registration={registration} error={error} aria-required>
      {children}
    </CheckControl>
  );
}

export interface RadioGroupFieldProps {
  legend: string;
  registration: UseFormRegisterReturn;
  options: readonly FieldOption[];
  error?: string;
}

/** A group of radio buttons in a fieldset whose legend names it; the error describes the group. */
export function RadioGroupField({ legend, registration, options, error }: RadioGroupFieldProps) {
  const id = useId();
  return (
    <fieldset className="pv-field-radios" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="pv-field-label">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="pv-field-check">
          <input
            type="radio"
            value={option.value}
            disabled={option.disabled}
            aria-invalid={error ? true : undefined}
            {...registration}
          />
          {option.label}
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

export interface QuantityValueFieldProps
  extends Omit<TextFieldProps, 'type' | 'inputMode' | 'registration' | 'value' | 'onChange'>, QuantityOptions {
  /** The number the form holds (null when empty, NaN when the text was refused). */
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
}

/**
 * A quantity bound to a number rather than to the typed text, for a value that is also set from
 * elsewhere (the map picker sets the coordinates): the text stays as typed while it reads as the
 * form's number, and a number set from outside is shown again as `quantityText` (`6,2442`). Use
 * it through react-hook-form's `Controller`; refused text becomes NaN, as in `QuantityField`.
 */
export function QuantityValueField({
  value,
  onChange,
  onBlur,
  error,
  maxDecimals = 2,
  allowNegative = false,
  id: givenId,
  label,
  hint,
  optional,
  ...input
}: QuantityValueFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useFieldId(givenId);
  const options = { maxDecimals, allowNegative };
  const [text, setText] = useState(() => quantityText(value, i18n.language, maxDecimals));
  // A value set from outside (the map picker, a reset) replaces the text when it differs.
  const typed = quantityValue(text, options);
  const same = (value ?? null) === typed || (Number.isNaN(typed) && Number.isNaN(value));
  const shown = same ? text : quantityText(value, i18n.language, maxDecimals);
  const problem = checkQuantityText(shown, options);
  const message = problem ? t(problem.key, problem.values) : error;
  return (
    <FieldShell id={id} label={label} optional={optional} hint={hint} error={message}>
      <input
        id={id}
        className="pv-field-input"
        type="text"
        inputMode={maxDecimals === 0 ? 'numeric' : 'decimal'}
        autoComplete="off"
        {...controlAria(id, { hint, error: message, required: !optional })}
        {...input}
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          onChange(quantityValue(event.target.value, options));
        }}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}

export interface SwitchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> {
  label: string;
  /** In a react-hook-form form; outside one, pass `checked` and `onChange`. */
  registration?: UseFormRegisterReturn;
  error?: string;
}

/** An on/off setting (published, active, staff): a checkbox with the switch role, its label after it. */
export function SwitchField({ label, ...input }: SwitchFieldProps) {
  return (
    <CheckControl role="switch" {...input}>
      {label}
    </CheckControl>
  );
}

export interface CheckboxGroupFieldProps {
  legend: string;
  options: readonly FieldOption[];
  /** The checked values, in any order; `onChange` gets them in the options' order. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  disabled?: boolean;
  /** Shown instead of the boxes when there is no option. */
  empty?: ReactNode;
}

/** Several choices in a fieldset whose legend names it (materials of a point, its managers). */
export function CheckboxGroupField({
  legend,
  options,
  value,
  onChange,
  error,
  disabled,
  empty,
}: CheckboxGroupFieldProps) {
  const id = useId();
  const checked = new Set(value);
  return (
    <fieldset className="pv-field-radios pv-field-checks" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="pv-field-label">{legend}</legend>
      {options.length === 0 ? empty : null}
      {options.map((option) => (
        <label key={option.value} className="pv-field-check">
          <input
            type="checkbox"
            value={option.value}
            checked={checked.has(option.value)}
            disabled={disabled || option.disabled}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const next = new Set(checked);
              if (event.target.checked) next.add(option.value);
              else next.delete(option.value);
              onChange(options.map((o) => o.value).filter((v) => next.has(v)));
            }}
          />
          {option.label}
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/**
 * `field(name)` gives a registration-based field its `registration` and its `error`, so a form
 * writes `<TextField label={…} {...field('name')} />`.
 */
export function fieldBinder<T extends FieldValues>(form: UseFormReturn<T>) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => ({
    registration: form.register(name, options),
    error: form.getFieldState(name, form.formState).error?.message,
  });
}
