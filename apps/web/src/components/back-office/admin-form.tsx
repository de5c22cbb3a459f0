/**
 * The frame every back-office editor shares: a form on the shared fields whose submit saves
 * through one admin mutation, says "saved" in a toast and closes, or puts the server's field
 * messages on the fields and says what went wrong.
 */
import { SubmitButton } from '../submit-button';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyApiError } from '../../lib/api-errors';
import { useNotify } from '../use-notify';

export interface AdminSaveOptions {
  /** After the save succeeded (close the dialog, refresh a public list). */
  onSaved?: () => void;
  /** The toast of a successful save; "Cambios guardados." unless said. */
  savedMessage?: string;
}

/** `onSubmit` for a back-office form: validate, save, then toast and `onSaved`, or show the errors. */
export function useAdminSave<T extends FieldValues, R>(
  form: UseFormReturn<T>,
  save: UseMutationResult<R, Error, T>,
  { onSaved, savedMessage }: AdminSaveOptions = {},
) {
  const { t } = useTranslation();
  const notify = useNotify();
  return form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notify(savedMessage ?? t('admin.saved'));
        onSaved?.();
      },
      onError: (error) => notify(applyApiError(t, error, form.setError, () => true).message, 'danger'),
    }),
  );
}

/** A back-office form: not validated by the browser (the contract's schema does it), one submit button. */
export function AdminForm({
  onSubmit,
  pending,
  submitLabel,
  children,
}: {
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="admin-form">
      {children}
      <SubmitButton busy={pending}>
        {submitLabel ?? t('admin.save')}
      </SubmitButton>
    </form>
  );
}
