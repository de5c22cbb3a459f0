/** auth/login: e-mail and password; after login, back to where the user was heading (?next=) or the start page. */
import { useIonRouter } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { LoginForm } from '../../features/identity/components/login-form';
import { useNotify } from '../../features/identity/hooks/use-notify';
import { HOME_AFTER_LOGIN_PATH, safeNextPath } from '../../features/identity/routes';
import { SocialLoginReturn } from '../../features/social-auth/components/social-login-return';
import { SocialSignInButtons } from '../../features/social-auth/components/social-sign-in-buttons';
import type { SessionUser } from '@puntoverde/contract';

export default function LoginPage() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const notify = useNotify();
  const { search } = useLocation();
  const next = safeNextPath(new URLSearchParams(search).get('next'));
  const onLoggedIn = (user: SessionUser) => {
    notify(t('identity.login.welcome', { name: user.name }));
    router.push(next ?? HOME_AFTER_LOGIN_PATH, 'root', 'replace');
  };
  return (
    <PageLayout title={t('pages.login.title')}>
      {/* Back from Google/Apple: the one-time code becomes the session, or the reason it failed shows. */}
      <SocialLoginReturn onLoggedIn={onLoggedIn} />
      <p className="lead">{t('identity.login.lead')}</p>
      <LoginForm onLoggedIn={onLoggedIn} />
      <SocialSignInButtons />
    </PageLayout>
  );
}
