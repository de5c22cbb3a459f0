/** A labelled input or select of the recyclers' forms, showing the server's message for its field. */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { controlAria, FieldShell, useFieldId } from '../../../components/field-shell';
import i18next from 'i18next';
import { apiFieldMessages } from '../../../lib/api-errors';

/** The server's message for `field`, from a failed mutation, in the chosen language. */
export function fieldError(error: unknown, field: string): string | undefined {
  return apiFieldMessages(i18next.t.bind(i18next), error)[field];
}

/** True when the failed call named fields (their messages sit on the fields, not above the form). */
export function hasFieldErrors(error: unknown): boolean {
  return Object.keys(apiFieldMessages(i18next.t.bind(i18next), error)).length > 0;
}

export function RecyclerField({
  label,
  error,
  optional,
  hint,
  children,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; optional?: boolean; hint?: ReactNode }) {
  const id = useFieldId(input.id);
  return (
    <FieldShell id={id} label={label} optional={optional} hint={hint} error={error}>
      {children ?? (
        <input
          className="pv-field-input"
          {...input}
          id={id}
          {...controlAria(id, { hint, error, required: !optional })}
        />
      )}
    </FieldShell>
  );
}

export function RecyclerSelect({
  label,
  error,
  value,
  onChange,
  options,
  optional,
}: {
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  optional?: boolean;
}) {
  const id = useFieldId(undefined);
  return (
    <FieldShell id={id} label={label} optional={optional} error={error}>
      <select
        id={id}
        className="pv-field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...controlAria(id, { error, required: !optional })}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
