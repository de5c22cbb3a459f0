/** auth/forgot-password: ask for a reset link; with `?token=` (the e-mailed link) set the new password. */
import { useIonRouter } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { getCurrentUser, isLoggedIn, logout } from '../../lib/session';
import { ForgotPasswordForm } from '../../features/identity/components/forgot-password-form';
import { ResetPasswordForm } from '../../features/identity/components/reset-password-form';
import { useNotify } from '../../components/use-notify';
import { LOGIN_PATH } from '../../features/identity/routes';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const notify = useNotify();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token');
  if (token) {
    return (
      <PageLayout title={t('identity.reset.title')}>
        <ResetPasswordForm
          token={token}
          onReset={(result) => {
            notify(t('identity.reset.done'));
            // Every session of that account just ended on the server; end this one too.
            const user = getCurrentUser();
            if (isLoggedIn(user) && user.email === result.email) void logout();
            else router.push(`${LOGIN_PATH}`, 'root', 'replace');
          }}
        />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t('pages.forgotPassword.title')}>
      <ForgotPasswordForm />
    </PageLayout>
  );
}
