/**
 * Labelled controls outside a react-hook-form form: a list's filters, a setting that saves at once.
 * Drawn in the same shell as the form fields (components/field-shell.tsx).
 */
import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react';
import { FieldShell, OptionList, useFieldId, type FieldOption, type Native } from './field-shell';

export interface FilterSelectFieldProps extends Omit<Native<SelectHTMLAttributes<HTMLSelectElement>>, 'value'> {
  label: string;
  value: string;
  options: readonly FieldOption[];
  onValue: (value: string) => void;
}

/** A labelled select outside a form (a list's filter, a setting that saves at once). */
export function FilterSelectField({ label, value, options, onValue, id: givenId, ...select }: FilterSelectFieldProps) {
  const id = useFieldId(givenId);
  return (
    <FieldShell id={id} label={label}>
      <select
        id={id}
        className="pv-field-input"
        {...select}
        value={value}
        onChange={(event) => onValue(event.target.value)}
      >
        <OptionList options={options} />
      </select>
    </FieldShell>
  );
}

export interface FilterInputFieldProps extends Omit<Native<InputHTMLAttributes<HTMLInputElement>>, 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
}

/** A labelled input outside a form (a list's date or text filter). */
export function FilterInputField({ label, value, onValue, id: givenId, ...input }: FilterInputFieldProps) {
  const id = useFieldId(givenId);
  return (
    <FieldShell id={id} label={label}>
      <input
        id={id}
        className="pv-field-input"
        {...input}
        value={value}
        onChange={(event) => onValue(event.target.value)}
      />
    </FieldShell>
  );
}
