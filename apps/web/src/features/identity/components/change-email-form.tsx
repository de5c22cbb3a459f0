/** Change the login e-mail (POST v1/me/email), confirmed with the current password; the new address must be verified. */
import type { Me } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import { EmailField } from './account-field-groups';
import { useChangeEmail } from '../api/change-email';
import './identity.css';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { ApiForm } from '../../../components/api-form';
import { SubmitButton } from '../../../components/submit-button';

// Validation (zod and the schema) loads when a field first takes focus, not with the page.
const resolver = lazyResolver(() => import('./identity-form-schemas').then((m) => m.changeEmailResolver));

export function ChangeEmailForm({
  me,
  onChanged,
  onCancel,
}: {
  me: Me;
  onChanged: (me: Me) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useChangeEmail();
  const form = useForm({
    resolver,
    defaultValues: { email: me.email, current_password: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { onSubmit, formError } = useApiFormSubmit(form, ['email', 'current_password'], async (values) =>
    onChanged(await mutation.mutateAsync(values)),
  );

  return (
    <ApiForm onSubmit={onSubmit} busy={isSubmitting} onFocus={resolver.preload}>
      <FormAlert message={formError} />
      <EmailField
        label={t('identity.fields.newEmail')}
        registration={register('email')}
        error={errors.email?.message}
      />
      <PasswordField
        label={t('identity.fields.currentPassword')}
        autoComplete="current-password"
        registration={register('current_password')}
        error={errors.current_password?.message}
      />
      <div className="pv-actions">
        <SubmitButton className="pv-button" busy={isSubmitting}>
          {t('identity.profile.changeEmailSubmit')}
        </SubmitButton>
        <button type="button" className="pv-button pv-button-secondary" onClick={onCancel}>
          {t('identity.form.cancel')}
        </button>
      </div>
    </ApiForm>
  );
}
