/**
 * Delete my account (DELETE v1/me), confirmed with the password, or by typing ELIMINAR for an
 * account without one. What the law obliges to keep stays, anonymised (server side).
 */
import { DELETE_ACCOUNT_CONFIRMATION, MESSAGES_ES } from '@puntoverde/contract';
import type { Me } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import { useDeleteAccount } from '../api/delete-account';
import './identity.css';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { ApiForm } from '../../../components/api-form';
import { SubmitButton } from '../../../components/submit-button';

interface DeleteForm {
  password: string;
  confirm: string;
}

export function DeleteAccountSection({ me, onDeleted }: { me: Me; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mutation = useDeleteAccount();
  const form = useForm<DeleteForm>({ defaultValues: { password: '', confirm: '' } });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { onSubmit, formError } = useApiFormSubmit(form, ['password', 'confirm'], async ({ password, confirm }) => {
    await mutation.mutateAsync(me.has_password ? { password } : { confirm: confirm.trim().toUpperCase() });
    onDeleted();
  });

  return (
    <div className="pv-danger-zone">
      <p>{t('identity.deleteAccount.lead')}</p>
      {open ? (
        <ApiForm onSubmit={onSubmit} busy={isSubmitting}>
          <p role="alert">
            <strong>{t('identity.deleteAccount.warning')}</strong>
          </p>
          <FormAlert message={formError} />
          {me.has_password ? (
            <PasswordField
              label={t('identity.deleteAccount.passwordLabel')}
              autoComplete="current-password"
              registration={register('password', { required: MESSAGES_ES.passwordRequired })}
              error={errors.password?.message}
            />
          ) : (
            <TextField
              label={t('identity.deleteAccount.confirmLabel', { word: DELETE_ACCOUNT_CONFIRMATION })}
              autoComplete="off"
              registration={register('confirm', {
                validate: (value) =>
                  value.trim().toUpperCase() === DELETE_ACCOUNT_CONFIRMATION ||
                  t('identity.deleteAccount.confirmMismatch', { word: DELETE_ACCOUNT_CONFIRMATION }),
              })}
              error={errors.confirm?.message}
            />
          )}
          <div className="pv-actions">
            <SubmitButton className="pv-button pv-button-danger" busy={isSubmitting}>
              {isSubmitting ? t('identity.deleteAccount.deleting') : t('identity.deleteAccount.confirm')}
            </SubmitButton>
            <button type="button" className="pv-button pv-button-secondary" onClick={() => setOpen(false)}>
              {t('identity.form.cancel')}
            </button>
          </div>
        </ApiForm>
      ) : (
        <div className="pv-actions">
          <button type="button" className="pv-button pv-button-danger" onClick={() => setOpen(true)}>
            {t('identity.deleteAccount.start')}
          </button>
        </div>
      )}
    </div>
  );
}
