/** complete-company: finish a first social sign-in as a company head (or switch to household). */
import { useIonRouter } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import { useNotify } from '../../components/use-notify';
import { HOME_AFTER_LOGIN_PATH } from '../../features/identity/routes';
import { CompleteProfileScreen } from '../../features/social-auth/components/complete-profile-screen';
import { completionFieldKit } from '../completion-field-kit';

export default function CompleteCompanyPage() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const notify = useNotify();
  return (
    <PageLayout title={t('pages.completeCompany.title')}>
      <CompleteProfileScreen
        kind="company"
        kit={completionFieldKit}
        onCompleted={(user) => {
          notify(t('socialAuth.complete.created', { email: user.email }));
          router.push(HOME_AFTER_LOGIN_PATH, 'root', 'replace');
        }}
      />
    </PageLayout>
  );
}
