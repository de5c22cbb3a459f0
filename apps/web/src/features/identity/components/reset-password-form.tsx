/** Sets a new password with the e-mailed single-use link (`?token=`); every session of the account ends. */
import { zodResolver } from '../../../lib/zod-resolver';
import { ZResetPasswordForm } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { PasswordField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import { useResetPassword } from '../api/reset-password';
import type { ResetPasswordResult } from '../api/reset-password';
import { FORGOT_PASSWORD_PATH } from '../routes';
import './identity.css';
import { PasswordStrengthHint } from './password-strength-hint';
import { hasApiFieldError } from '../../../lib/api-errors';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { ApiForm } from '../../../components/api-form';
import { SubmitButton } from '../../../components/submit-button';

export function ResetPasswordForm({
  token,
  onReset,
}: {
  token: string;
  onReset: (result: ResetPasswordResult) => void;
}) {
  const { t } = useTranslation();
  const mutation = useResetPassword();
  const [linkInvalid, setLinkInvalid] = useState(false);
  const form = useForm({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const password = watch('password');

  const { onSubmit, formError } = useApiFormSubmit(
    form,
    ['password'],
    async ({ password: newPassword }) => {
      onReset(await mutation.mutateAsync({ token, password: newPassword }));
    },
    {
      // A used or expired link: the whole form gives way to "ask for a new link".
      handleError: (error) => {
        if (!hasApiFieldError(error, 'token')) return false;
        setLinkInvalid(true);
        return true;
      },
    },
  );

  if (linkInvalid) {
    return (
      <div className="pv-notice pv-notice-error" role="alert">
        <p>{t('identity.reset.invalidLink')}</p>
        <div className="pv-actions">
          <AppLink to={FORGOT_PASSWORD_PATH} direction="root" className="pv-button">
            {t('identity.reset.requestNew')}
          </AppLink>
        </div>
      </div>
    );
  }

  return (
    <ApiForm onSubmit={onSubmit} busy={isSubmitting}>
      <p>{t('identity.reset.lead')}</p>
      <FormAlert message={formError} />
      <PasswordField
        label={t('identity.fields.newPassword')}
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password?.message}
        below={<PasswordStrengthHint password={password} />}
      />
      <PasswordField
        label={t('identity.fields.passwordConfirmation')}
        autoComplete="new-password"
        registration={register('password_confirmation')}
        error={errors.password_confirmation?.message}
      />
      <div className="pv-actions">
        <SubmitButton className="pv-button" busy={isSubmitting}>
          {isSubmitting ? t('identity.reset.submitting') : t('identity.reset.submit')}
        </SubmitButton>
      </div>
    </ApiForm>
  );
}
