/** Puts the server's field errors (`{ fields: { 'path': msg } }`) on the form's fields. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): string {
  if (error instanceof ApiError && error.fields) {
    for (const [field, message] of Object.entries(error.fields)) setError(field as Path<T>, { type: 'server', message });
  }
  return error instanceof Error ? error.message : String(error);
}

/** `2026-12-05T09:00` (Bogotá wall clock, no DST) ⇄ ISO instant. */
export function localToIso(value: string): string {
  return value ? new Date(`${value.length === 16 ? `${value}:00` : value}-05:00`).toISOString() : '';
}

export function isoToLocal(iso: string): string {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() - 5 * 60 * 60 * 1000);
  return d.toISOString().slice(0, 16);
}
