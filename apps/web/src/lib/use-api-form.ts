/**
 * The submit of a form that calls the API: validate, send, and on a refusal put the server's
 * field messages on the form's fields, or else show its translated message above the form.
 */
import { useState } from 'react';
import type { FieldValues, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, applyApiError, type ApplyApiErrorOptions } from './api-errors';

export interface ApiFormOptions extends ApplyApiErrorOptions {
  /** Handles an error first (a dead link, say); return true when it did. */
  handleError?: (error: unknown) => boolean;
}

export function useApiFormSubmit<T extends FieldValues, TValid = T>(
  form: { handleSubmit: UseFormHandleSubmit<T, TValid>; setError: UseFormSetError<T> },
  fields: readonly string[] | ((name: string) => boolean),
  send: (values: TValid) => Promise<void>,
  { handleError, ...options }: ApiFormOptions = {},
) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await send(values);
    } catch (error) {
      if (handleError?.(error)) return;
      if (applyApiError(t, error, form.setError, fields, options).placed) return;
      setFormError(apiErrorMessage(t, error));
    }
  });
  return { onSubmit, formError };
}
