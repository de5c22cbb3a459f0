/** Change the password (POST v1/me/password), re-authenticating with the current one; other sessions end. */
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import { useChangePassword } from '../api/change-password';
import type { ChangePasswordResult } from '../api/change-password';
import './identity.css';
import { PasswordStrengthHint } from './password-strength-hint';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { ApiForm } from '../../../components/api-form';
import { SubmitButton } from '../../../components/submit-button';

// Validation (zod and the schema) loads when a field first takes focus, not with the page.
const resolver = lazyResolver(() => import('./identity-form-schemas').then((m) => m.changePasswordResolver));

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
  const form = useForm({ resolver, defaultValues: EMPTY });
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
    <ApiForm onSubmit={onSubmit} busy={isSubmitting} onFocus={resolver.preload}>
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
        <SubmitButton className="pv-button" busy={isSubmitting}>
          {isSubmitting ? t('identity.profile.changingPassword') : t('identity.profile.changePasswordSubmit')}
        </SubmitButton>
      </div>
    </ApiForm>
  );
}
