/** Puts a failed call's field errors (`data_user.nit`) on the form fields they name; true when one landed. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  const fields =
    error && typeof error === 'object' && 'fields' in error && error.fields && typeof error.fields === 'object'
      ? (error.fields as Record<string, unknown>)
      : {};
  let first = true;
  for (const [path, message] of Object.entries(fields)) {
    const name = path.replace(/^data_user\./, '') as Path<T>;
    if (!fieldNames.includes(name) || typeof message !== 'string') continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
