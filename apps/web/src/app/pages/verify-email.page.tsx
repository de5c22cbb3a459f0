/** auth/verify-email?token=: landing of the e-mail verification link. */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { VerifyEmailScreen } from '../../features/identity/components/verify-email-screen';

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <PageLayout title={t('identity.verify.title')}>
      <VerifyEmailScreen token={new URLSearchParams(search).get('token')} />
    </PageLayout>
  );
}
