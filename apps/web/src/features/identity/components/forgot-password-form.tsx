/** Asks for a reset link (clientes/forgotpassword); the answer is the same whether or not the account exists. */
import { zodResolver } from '../../../lib/zod-resolver';
import { ZEmail } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppLink } from '../../../components/app-link';
import { FormAlert } from '../../../components/field-shell';
import { EmailField } from './account-field-groups';
import { useForgotPassword } from '../api/forgot-password';
import { LOGIN_PATH } from '../routes';
import './identity.css';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { ApiForm } from '../../../components/api-form';
import { FocusedNotice } from '../../../components/focused-notice';
import { SubmitButton } from '../../../components/submit-button';

const ZForgotPasswordForm = z.object({ email: ZEmail });

export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const mutation = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZForgotPasswordForm), defaultValues: { email: initialEmail } });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { onSubmit, formError } = useApiFormSubmit(
    form,
    ['email'],
    async ({ email }) => {
      await mutation.mutateAsync(email);
      setSentTo(email);
    },
    { prefix: 'data_user.' },
  );

  if (sentTo) {
    return (
      <FocusedNotice>
        <p>{t('identity.forgot.sent', { email: sentTo })}</p>
        <p>{t('identity.forgot.sentHint')}</p>
        <div className="pv-actions">
          <AppLink to={LOGIN_PATH} direction="root" className="pv-button">
            {t('identity.forgot.backToLogin')}
          </AppLink>
          <button type="button" className="pv-button pv-button-secondary" onClick={() => setSentTo(null)}>
            {t('identity.forgot.sendAgain')}
          </button>
        </div>
      </FocusedNotice>
    );
  }

  return (
    <ApiForm onSubmit={onSubmit} busy={isSubmitting}>
      <p>{t('identity.forgot.lead')}</p>
      <FormAlert message={formError} />
      <EmailField registration={register('email')} error={errors.email?.message} />
      <div className="pv-actions">
        <SubmitButton className="pv-button" busy={isSubmitting}>
          {isSubmitting ? t('identity.forgot.submitting') : t('identity.forgot.submit')}
        </SubmitButton>
        <AppLink to={LOGIN_PATH}>{t('identity.forgot.backToLogin')}</AppLink>
      </div>
    </ApiForm>
  );
}
