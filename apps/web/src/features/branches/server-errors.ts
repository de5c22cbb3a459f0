/** Field messages of an API error onto the form; the rest becomes a form-level message. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  let placed = 0;
  const leftover: string[] = [];
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    if (fields.includes(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else leftover.push(message);
  }
  if (placed > 0 && leftover.length === 0) return null;
  return leftover[0] ?? error.message;
}
