/**
 * The frame every labelled control is drawn in, bound to a form or not: the label names the
 * control (htmlFor), the hint and the error are tied to it with aria-describedby (only when they
 * are shown), an error marks it aria-invalid, and a required control says so with aria-required.
 * Field messages from the contract are translated. Also the form-level alert.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldMessage } from '../lib/field-messages';
import './form-fields.css';

/** The ids of the shown hint/error/extra nodes, space-separated, or nothing. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

/** The id a caller gave, else a generated one. */
export function useFieldId(givenId: string | undefined): string {
  const autoId = useId();
  return givenId ?? autoId;
}

/** The ARIA state of a labelled control: invalid on error, required unless optional, described by what is shown. */
export function controlAria(
  id: string,
  { hint, error, required }: { hint?: ReactNode; error?: string; required: boolean },
) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
    'aria-describedby': describedBy(!!hint && `${id}-hint`, !!error && `${id}-error`),
  } as const;
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

export interface FieldShellProps {
  id: string;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

export function FieldShell({ id, label, optional, hint, error, children }: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <div className="pv-field">
      <label className="pv-field-label" htmlFor={id}>
        {label}
        {optional ? <span className="pv-field-optional"> ({t('form.optional')})</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="pv-field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A native element's attributes less those react-hook-form's registration supplies. */
export type Native<A> = Omit<A, 'name' | 'onChange' | 'onBlur'>;

export interface FieldOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export function OptionList({ options }: { options: readonly FieldOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value} disabled={option.disabled}>
      {option.label}
    </option>
  ));
}

/** A labelled box (a checkbox, or a switch with `role`), the label after it, its error below. */
export function CheckControl({
  registration,
  error,
  children,
  id: givenId,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  registration?: UseFormRegisterReturn;
  error?: string;
  children: ReactNode;
}) {
  const id = useFieldId(givenId);
  return (
    <div className="pv-field">
      <div className="pv-field-check">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
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
    <div className="pv-form-alert" role="alert">
      <p>{message}</p>
    </div>
  );
}
