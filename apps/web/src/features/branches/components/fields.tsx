/** Labelled native inputs of the branch forms (label, hint, error, aria wiring). */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import '../../../components/actions.css';

export function Field({
  label,
  registration,
  error,
  hint,
  id: givenId,
  ...input
}: { label: string; registration: UseFormRegisterReturn; error?: string; hint?: ReactNode } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name'
>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="br-field">
      <label className="br-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="br-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} {...registration} />
      {hint ? (
        <p id={`${id}-hint`} className="br-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="br-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="pv-callout pv-callout-error" role="alert">
      <p>{message}</p>
    </div>
  );
}
