/**
 * auth/login: e-mail and password, or a social provider; after login, back to where the user
 * was heading (?next=) or the start page. The return from a provider lands here too.
 */
import { useIonRouter } from '@ionic/react';
import type { SessionUser } from '@puntoverde/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { LoginForm } from '../../features/identity/components/login-form';
import { useNotify } from '../../components/use-notify';
import { homeAfterLogin, safeNextPath } from '../../features/identity/routes';
import { SocialLoginReturn } from '../../features/social-auth/components/social-login-return';
import { SocialSignInButtons } from '../../features/social-auth/components/social-sign-in-buttons';

export default function LoginPage() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const notify = useNotify();
  const { search } = useLocation();
  const next = safeNextPath(new URLSearchParams(search).get('next'));
  const onLoggedIn = useCallback(
    (user: SessionUser) => {
      notify(t('identity.login.welcome', { name: user.name }));
      router.push(next ?? homeAfterLogin(user), 'root', 'replace');
    },
    [notify, t, router, next],
  );
  return (
    <PageLayout title={t('pages.login.title')}>
      <SocialLoginReturn onLoggedIn={onLoggedIn} />
      <p className="lead">{t('identity.login.lead')}</p>
      <LoginForm onLoggedIn={onLoggedIn} />
      <SocialSignInButtons />
    </PageLayout>
  );
}
