/** auth/signup-client: household sign-up; logged in right after. */
import { useIonRouter } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { PageLayout } from '../../components/page-layout';
import { SignupClientForm } from '../../features/identity/components/signup-client-form';
import { useNotify } from '../../components/use-notify';
import { offerPhoneVerification } from '../../features/identity/phone-offer';
import { SocialSignInButtons } from '../../features/social-auth/components/social-sign-in-buttons';
import { HOME_AFTER_LOGIN_PATH, SIGNUP_COMPANY_PATH } from '../../features/identity/routes';

export default function SignupClientPage() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const notify = useNotify();
  return (
    <PageLayout title={t('pages.signupClient.title')}>
      <p className="lead">{t('identity.signup.clientLead')}</p>
      <p>
        {t('identity.signup.otherKindCompany')} <AppLink to={SIGNUP_COMPANY_PATH}>{t('identity.signup.otherKindLink')}</AppLink>
      </p>
      <SignupClientForm
        onSignedUp={(user) => {
          notify(t('identity.signup.created', { email: user.email }));
          // Offered once, on the next pages: verify the phone by SMS code (skippable).
          offerPhoneVerification(user.id);
          router.push(HOME_AFTER_LOGIN_PATH, 'root', 'replace');
        }}
      />
      <SocialSignInButtons kind="client" />
    </PageLayout>
  );
}
