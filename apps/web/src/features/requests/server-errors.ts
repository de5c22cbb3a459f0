/** Puts an API error's field messages on the form fields they name; the rest is a form-level message. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/** @returns the form-level message (null when every problem landed on a field) and the field errors left over. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  isField: (name: string) => boolean,
): { formMessage: string | null; fieldsOutside: Record<string, string> } {
  if (!(error instanceof ApiError)) {
    return { formMessage: error instanceof Error ? error.message : String(error), fieldsOutside: {} };
  }
  const fieldsOutside: Record<string, string> = {};
  let placed = 0;
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    if (isField(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      fieldsOutside[name] = message;
    }
  }
  const leftover = Object.values(fieldsOutside);
  if (placed > 0 && leftover.length === 0) return { formMessage: null, fieldsOutside };
  return { formMessage: leftover[0] ?? error.message, fieldsOutside };
}
