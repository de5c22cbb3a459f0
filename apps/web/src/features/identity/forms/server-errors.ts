/**
 * Puts a failed call's field errors on the form fields they name (`data_user.email` → `email`)
 * and returns what is left for the form-level message.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export interface FieldErrorSource {
  code: string;
  message: string;
  fields?: Readonly<Record<string, string>>;
}

export function isFieldErrorSource(error: unknown): error is FieldErrorSource {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/**
 * @param fieldNames the form's fields; server paths are matched after dropping `prefix`.
 * @returns true when at least one message landed on a field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: FieldErrorSource,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  prefix = '',
): boolean {
  let placed = false;
  let first = true;
  for (const [path, message] of Object.entries(error.fields ?? {})) {
    const name = (path.startsWith(prefix) ? path.slice(prefix.length) : path) as Path<T>;
    if (!fieldNames.includes(name)) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
    placed = true;
  }
  return placed;
}
