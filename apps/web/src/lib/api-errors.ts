/**
 * The one way a failed call becomes text on screen.
 *
 * The server answers `{ code, message, fields? }` in Spanish, the default language. Spanish
 * shows a specific server message as sent ("Tu sesión expiró…", "No encontramos esa campaña."),
 * which is the catalogue text or a more precise one; other languages show the code's
 * translation under `errors.*` (every code of the contract has one, in both languages).
 * Field messages go onto the react-hook-form fields they name, translated the same way.
 */
import { DEFAULT_LANGUAGE, ERRORS } from '@puntoverde/contract';
import i18next, { type TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { translateFieldMessage } from './field-messages';

/** What an `ApiError` carries (structurally, so plain `{ code, message }` objects work too). */
export interface ApiErrorLike {
  code: string;
  message: string;
  fields?: Readonly<Record<string, string>>;
}

export function isApiErrorLike(error: unknown): error is ApiErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

function catalogueMessage(code: string): string | undefined {
  return (ERRORS as Record<string, { message: string } | undefined>)[code]?.message;
}

/** The form-level text for a failed call (an `ApiError` or anything thrown). */
export function apiErrorMessage(t: TFunction, error: unknown): string {
  if (!isApiErrorLike(error)) return t('errors.internal-error', { defaultValue: ERRORS['internal-error'].message });
  const catalogue = catalogueMessage(error.code);
  const spanish = (i18next.resolvedLanguage ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE;
  if (spanish && error.message && error.message !== catalogue) return error.message;
  return t(`errors.${error.code}`, { defaultValue: error.message || catalogue || ERRORS['internal-error'].message });
}

/**
 * The error's field messages in the chosen language, keyed by path (`{}` for anything that is
 * not an API error): for screens that place them themselves rather than on a react-hook-form.
 */
export function apiFieldMessages(t: TFunction, error: unknown): Record<string, string> {
  const messages: Record<string, string> = {};
  if (!isApiErrorLike(error)) return messages;
  for (const [path, raw] of Object.entries(error.fields ?? {})) {
    if (typeof raw === 'string') messages[path] = translateFieldMessage(t, raw) ?? raw;
  }
  return messages;
}

/** The error names `path` among its fields (a used link's `token`, say). */
export function hasApiFieldError(error: unknown, path: string): boolean {
  return isApiErrorLike(error) && error.fields !== undefined && path in error.fields;
}

export interface ApiErrorPlacement {
  /** At least one field message landed on a form field. */
  placed: boolean;
  /** Field messages (translated) whose path is not one of the form's fields, keyed by path. */
  fieldsOutside: Record<string, string>;
  /** The text above the form: null when every problem landed on a field. */
  formMessage: string | null;
  /** The error's own text whatever landed where (`apiErrorMessage`), for a toast. */
  message: string;
}

export interface ApplyApiErrorOptions {
  /** Server paths start with this (`data_user.`) and the form's field names do not. */
  prefix?: string;
}

/**
 * Puts the error's field messages on the form fields they name (focusing the first) and tells
 * what is left for the rest of the screen.
 * @param fields the form's field names, or a test for them (`items.0.material`).
 */
export function applyApiError<T extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[] | ((name: string) => boolean),
  { prefix = '' }: ApplyApiErrorOptions = {},
): ApiErrorPlacement {
  const isField = typeof fields === 'function' ? fields : (name: string) => fields.includes(name);
  const fieldsOutside: Record<string, string> = {};
  let placed = false;
  for (const [path, message] of Object.entries(apiFieldMessages(t, error))) {
    const name = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
    if (isField(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    } else {
      fieldsOutside[path] = message;
    }
  }
  const message = apiErrorMessage(t, error);
  const allPlaced = placed && Object.keys(fieldsOutside).length === 0;
  return { placed, fieldsOutside, formMessage: allPlaced ? null : message, message };
}
