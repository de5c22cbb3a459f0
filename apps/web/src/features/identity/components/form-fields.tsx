/**
 * Labelled native form controls for react-hook-form: the label names the control, the hint
 * and the error are tied to it with aria-describedby, and an error marks it aria-invalid.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { translateFieldMessage } from '../forms/messages';
import './identity.css';

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="pv-field-error">
      {translateFieldMessage(t, message)}
    </p>
  );
}

interface FieldShellProps {
  id: string;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

function FieldShell({ id, label, optional, hint, error, children }: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <div className="pv-field">
      <label className="pv-label" htmlFor={id}>
        {label}
        {optional ? <span className="pv-optional"> ({t('identity.form.optional')})</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="pv-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

export function TextField({ label, registration, error, hint, optional, id: givenId, ...input }: TextFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} optional={optional} hint={hint} error={error}>
      <input
        id={id}
        className="pv-input"
        aria-invalid={error ? true : undefined}
        aria-required={optional ? undefined : true}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error !== undefined && `${id}-error`)}
        {...input}
        {...registration}
      />
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'onChange' | 'onBlur'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ label, registration, error, options, id: givenId, ...select }: SelectFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        className="pv-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error !== undefined && `${id}-error`)}
        {...select}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {
  /** Shown under the field, e.g. the strength hint of a new password. */
  below?: ReactNode;
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, registration, error, hint, below, id: givenId, ...input }: PasswordFieldProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const id = givenId ?? autoId;
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <div className="pv-input-row">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className="pv-input"
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-required
          aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error !== undefined && `${id}-error`, below !== undefined && `${id}-below`)}
          {...input}
          {...registration}
        />
        <button
          type="button"
          className="pv-button-ghost"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? t('identity.form.hidePassword') : t('identity.form.showPassword')}
        </button>
      </div>
      {below ? <div id={`${id}-below`}>{below}</div> : null}
    </FieldShell>
  );
}

export interface CheckboxFieldProps {
  registration: UseFormRegisterReturn;
  error?: string;
  children: ReactNode;
}

export function CheckboxField({ registration, error, children }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="pv-field">
      <div className="pv-checkbox">
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
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A form-level message (role=alert so screen readers hear it at once). */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="pv-notice pv-notice-error" role="alert">
      <p>{message}</p>
    </div>
  );
}
