/** The pieces every PQR form repeats: the form-level alert, and the row with its submit button. */
import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '../../../components/field-shell';
import { SubmitButton } from '../../../components/submit-button';

export function SubmitActions({
  label,
  disabled,
  secondary = false,
}: {
  label: string;
  disabled: boolean;
  /** The quieter button, for an action that is not the panel's main one. */
  secondary?: boolean;
}) {
  return (
    <div className="pqr-actions">
      <SubmitButton className={secondary ? 'pv-button pv-button-secondary' : 'pv-button'} busy={disabled}>
        {label}
      </SubmitButton>
    </div>
  );
}

/** A form that sends one request: its alert first, then the fields, then the submit button. */
export function ActionForm({
  message,
  onSubmit,
  submitLabel,
  submitDisabled,
  secondary,
  children,
}: {
  message: string | null;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitDisabled: boolean;
  secondary?: boolean;
  children: ReactNode;
}) {
  return (
    <form className="pqr-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={message} />
      {children}
      <SubmitActions label={submitLabel} disabled={submitDisabled} secondary={secondary} />
    </form>
  );
}
