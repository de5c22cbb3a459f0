/** Change the password (POST v1/me/password), re-authenticating with the current one; other sessions end. */
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES_ES, ZCurrentPassword, ZNewPassword } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import { useChangePassword } from '../api/change-password';
import type { ChangePasswordResult } from '../api/change-password';
import './identity.css';
import { PasswordStrengthHint } from './password-strength-hint';
import { useApiFormSubmit } from '../../../lib/use-api-form';

export const ZChangePasswordForm = z
  .object({ current_password: ZCurrentPassword, new_password: ZNewPassword, new_password_confirmation: z.string() })
  .refine((v) => v.current_password !== v.new_password, { path: ['new_password'], error: MESSAGES_ES.samePassword })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    path: ['new_password_confirmation'],
    error: MESSAGES_ES.passwordsDiffer,
  });

const EMPTY = { current_password: '', new_password: '', new_password_confirmation: '' };

export function ChangePasswordForm({
  personal,
  onChanged,
}: {
  personal: readonly string[];
  onChanged: (result: ChangePasswordResult) => void;
}) {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const form = useForm({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });
  const {
    register,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const newPassword = watch('new_password');

  const { onSubmit, formError } = useApiFormSubmit(
    form,
    ['current_password', 'new_password'],
    async ({ current_password, new_password }) => {
      const result = await mutation.mutateAsync({ current_password, new_password });
      reset(EMPTY);
      onChanged(result);
    },
  );

  return (
    <form className="pv-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      <PasswordField
        label={t('identity.fields.currentPassword')}
        autoComplete="current-password"
        registration={register('current_password')}
        error={errors.current_password?.message}
      />
      <PasswordField
        label={t('identity.fields.newPassword')}
        autoComplete="new-password"
        registration={register('new_password')}
        error={errors.new_password?.message}
        below={<PasswordStrengthHint password={newPassword} personal={personal} />}
      />
      <PasswordField
        label={t('identity.fields.passwordConfirmation')}
        autoComplete="new-password"
        registration={register('new_password_confirmation')}
        error={errors.new_password_confirmation?.message}
      />
      <div className="pv-actions">
        <button type="submit" className="pv-button" disabled={isSubmitting}>
          {isSubmitting ? t('identity.profile.changingPassword') : t('identity.profile.changePasswordSubmit')}
        </button>
      </div>
    </form>
  );
}
