/** Log in with e-mail and password (spec §7: clientes/login). A wrong password is shown here, inline. */
import type { SessionUser } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { PasswordField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import { EmailField } from './account-field-groups';
import { useLogin } from '../api/login';
import { FORGOT_PASSWORD_PATH, SIGNUP_PATH } from '../routes';
import './identity.css';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { ApiForm } from '../../../components/api-form';
import { SubmitButton } from '../../../components/submit-button';

// Validation (zod and the schema) loads when the visitor first focuses a field, not with the page.
const resolver = lazyResolver(() => import('./identity-form-schemas').then((m) => m.loginResolver));

export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const form = useForm({ resolver, defaultValues: { username: '', password: '' } });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { onSubmit, formError } = useApiFormSubmit(form, ['username', 'password'], async (values) =>
    onLoggedIn(await loginMutation.mutateAsync(values)),
  );

  return (
    <ApiForm onSubmit={onSubmit} busy={isSubmitting} onFocus={resolver.preload}>
      <FormAlert message={formError} />
      <EmailField autoComplete="username" registration={register('username')} error={errors.username?.message} />
      <PasswordField
        label={t('identity.fields.password')}
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <div className="pv-actions">
        <SubmitButton className="pv-button" busy={isSubmitting}>
          {isSubmitting ? t('identity.login.submitting') : t('identity.login.submit')}
        </SubmitButton>
        <AppLink to={FORGOT_PASSWORD_PATH}>{t('identity.login.forgot')}</AppLink>
      </div>
      <p>
        {t('identity.login.noAccount')} <AppLink to={SIGNUP_PATH}>{t('identity.login.signupLink')}</AppLink>
      </p>
    </ApiForm>
  );
}
