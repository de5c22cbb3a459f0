/**
 * Labelled native controls of the request forms: label tied with htmlFor, hint and error tied
 * with aria-describedby, aria-invalid on error.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

type ShellProps = { id: string; label: string; optional?: boolean; hint?: ReactNode; error?: string; children: ReactNode };

function Shell({ id, label, optional, hint, error, children }: ShellProps) {
  const { t } = useTranslation();
  return (
    <div className="rq-field">
      <label className="rq-label" htmlFor={id}>
        {label}
        {optional ? <span className="rq-optional"> ({t('requests.form.optional')})</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="rq-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="rq-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Common = { label: string; registration?: UseFormRegisterReturn; error?: string; hint?: ReactNode; optional?: boolean };

export function TextInput({
  label,
  registration,
  error,
  hint,
  optional,
  id: givenId,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell id={id} label={label} optional={optional} hint={hint} error={error}>
      <input
        id={id}
        className="rq-input"
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
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell id={id} label={label} optional={optional} hint={hint} error={error}>
      <textarea
        id={id}
        className="rq-input"
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
}: Common & { options: readonly { value: string; label: string; disabled?: boolean }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'name'
  >) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Shell id={id} label={label} optional={optional} hint={hint} error={error}>
      <select
        id={id}
        className="rq-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && `${id}-hint`, !!error && `${id}-error`)}
        {...select}
        {...registration}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

/** A form-level message that screen readers hear at once. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="rq-notice rq-notice--error" role="alert">
      <p>{message}</p>
    </div>
  );
}
