/**
 * Labelled native controls for the PQR forms: label tied with htmlFor, hint and error tied with
 * aria-describedby, aria-invalid on error.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

type ShellProps = {
  id: string;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
};

function Shell({ id, label, optional, hint, error, children }: ShellProps) {
  const { t } = useTranslation();
  return (
    <div className="pqr-field">
      <label className="pqr-label" htmlFor={id}>
        {label}
        {optional ? <span className="pqr-optional"> ({t('pqr.form.optional')})</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="pqr-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="pqr-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Common = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
};

export function TextInput({
  label,
  registration,
  error,
  hint,
  optional,
  id: givenId,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur'>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell id={id} label={label} optional={optional} hint={hint} error={error}>
      <input
        id={id}
        className="pqr-input"
        aria-invalid={error ? true : undefined}
        aria-required={optional ? undefined : true}
        aria-describedby={describedBy(!!hint && `${id}-hint`, !!error && `${id}-error`)}
        {...input}
        {...registration}
      />
    </Shell>
  );
}

export function TextArea({
  label,
  registration,
  error,
  hint,
  optional,
  id: givenId,
  ...area
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'onChange' | 'onBlur'>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell id={id} label={label} optional={optional} hint={hint} error={error}>
      <textarea
        id={id}
        className="pqr-input pqr-textarea"
        aria-invalid={error ? true : undefined}
        aria-required={optional ? undefined : true}
        aria-describedby={describedBy(!!hint && `${id}-hint`, !!error && `${id}-error`)}
        {...area}
        {...registration}
      />
    </Shell>
  );
}

export function Select({
  label,
  registration,
  error,
  hint,
  optional,
  options,
  id: givenId,
  ...select
}: Common & { options: readonly { value: string; label: string }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'name' | 'onChange' | 'onBlur'
  >) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell id={id} label={label} optional={optional} hint={hint} error={error}>
      <select
        id={id}
        className="pqr-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && `${id}-hint`, !!error && `${id}-error`)}
        {...select}
        {...registration}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

/** A group of radio buttons in a fieldset whose legend names it. */
export function RadioGroup({
  legend,
  registration,
  options,
  error,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="pqr-radios" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="pqr-label">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="pqr-radio">
          <input type="radio" value={o.value} aria-invalid={error ? true : undefined} {...registration} />
          {o.label}
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="pqr-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Checkbox({
  registration,
  error,
  children,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="pqr-field">
      <div className="pqr-checkbox">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-required
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="pqr-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message that screen readers hear at once. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="pqr-notice pqr-notice-error" role="alert">
      <p>{message}</p>
    </div>
  );
}
