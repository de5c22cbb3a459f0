/** Puts an API error's field messages on the form fields they name; the rest is a form-level message. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/** @returns the message to show above the form, or null when every problem landed on a field. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): { formMessage: string | null; fieldsOutside: Record<string, string> } {
  if (!(error instanceof ApiError))
    return { formMessage: error instanceof Error ? error.message : String(error), fieldsOutside: {} };
  let placed = false;
  let first = true;
  const outside: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields ?? {})) {
    if (fieldNames.includes(path)) {
      setError(path as Path<T>, { type: 'server', message }, { shouldFocus: first });
      first = false;
      placed = true;
    } else {
      outside[path] = message;
    }
  }
  return { formMessage: placed && !Object.keys(outside).length ? null : error.message, fieldsOutside: outside };
}
