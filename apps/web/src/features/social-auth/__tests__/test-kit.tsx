/** Plain labelled controls standing in for the identity screens' kit in these tests. */
import { useId } from 'react';
import type { CompletionFieldKit } from '../components/completion-controls';

function Field({ label, error, children }: { label: string; error?: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {error ? <p role="note">{error}</p> : null}
    </div>
  );
}

export const testKit: CompletionFieldKit = {
  TextField: ({ label, registration, error, hint: _hint, optional: _optional, ...input }) => (
    <Field label={label} error={error}>
      {(id) => <input id={id} {...input} {...registration} />}
    </Field>
  ),
  SelectField: ({ label, registration, error, options }) => (
    <Field label={label} error={error}>
      {(id) => (
        <select id={id} {...registration}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  ),
  NitField: ({ registration, error }) => (
    <Field label="NIT" error={error}>
      {(id) => <input id={id} {...registration} />}
    </Field>
  ),
  CityField: ({ registration, error }) => (
    <Field label="Ciudad" error={error}>
      {(id) => <input id={id} {...registration} />}
    </Field>
  ),
  DataPolicyCheckbox: ({ registration, error }) => (
    <Field label="Acepto la política de datos" error={error}>
      {(id) => <input id={id} type="checkbox" {...registration} />}
    </Field>
  ),
  FormAlert: ({ message }) => (message ? <div role="alert">{message}</div> : null),
};
